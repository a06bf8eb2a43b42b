import { useMemo, useState } from 'react';
import AttendanceSheet from './AttendanceSheet.tsx';
import { formatMoney } from '../../../modules/shared/text/index.ts';
import { request, useResource } from './api.ts';
import { formatDate, formatDateTime } from './format.ts';
import GrantDialog from './GrantDialog.tsx';
import MassEmailDialog from './MassEmailDialog.tsx';
import RefundDialog from './RefundDialog.tsx';
import { usePanel } from './messages.ts';
import { matches } from './search.ts';
import { ConfirmDialog, Loaded, NoteLine, Pager, usePages, type Note } from './ui.tsx';
import { titleIn, type AdminProduct, type Attendee, type AttendeeList } from './types.ts';
import { TableBox } from './TableBox.tsx';
import WaitlistPanel from './WaitlistPanel.tsx';

const PAGE_SIZE = 25;

/**
 * Per-event attendee lists: choose an event, see who paid what, search its buyers, export them as CSV, e-mail them,
 * grant a place by hand, refund a payment; a product with seats shows its waiting list and its history too.
 */
export default function AttendeesSection() {
  const { say, lang } = usePanel();
  const [products] = useResource<AdminProduct[]>('/api/admin/products');
  const [key, setKey] = useState('');
  return (
    <Loaded resource={products}>{(list) => (
      <>
        <div className="admin-toolbar">
          <div className="field">
            <label htmlFor="attendees-event">{say('adminPanel.attendees.event')}</label>
            <select id="attendees-event" value={key} onChange={(e) => setKey(e.target.value)}>
              <option value="">{say('adminPanel.attendees.choose')}</option>
              {list.map((p) => <option key={p.key} value={p.key}>{`${titleIn(p, lang)} (${formatDate(p.startsAt, lang)})`}</option>)}
            </select>
          </div>
        </div>
        {key && <Attendees key={key} productKey={key} />}
      </>
    )}</Loaded>
  );
}

/** Card payments and refunds per currency, and the places granted by hand counted apart. */
function Totals({ totals, seats }: { totals: AttendeeList['totals']; seats: AttendeeList['seats'] }) {
  const { say, lang } = usePanel();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, lang, 'ledger');
  return (
    <section className="admin-totals" aria-labelledby="attendees-totals">
      <h3 id="attendees-totals">{say('adminPanel.payments.totals')}</h3>
      <ul>
        {totals.paid.length === 0 && <li>{say('adminPanel.payments.noPayments')}</li>}
        {totals.paid.map((s) => <li key={`paid-${s.currency}`}>{say('adminPanel.payments.paidIn', { currency: s.currency, count: s.count, amount: money(s.amount, s.currency) })}</li>)}
        {totals.refunded.map((s) => <li key={`refunded-${s.currency}`}>{say('adminPanel.payments.refundedIn', { currency: s.currency, count: s.count, amount: money(s.amount, s.currency) })}</li>)}
        <li>{say('adminPanel.payments.granted', { count: totals.granted })}</li>
        {seats && seats.capacity !== null && <li data-testid="seats">{say('adminPanel.payments.seats', { capacity: seats.capacity, sold: seats.sold, held: seats.held, free: seats.free ?? 0 })}</li>}
      </ul>
    </section>
  );
}

function Attendees({ productKey }: { productKey: string }) {
  const { say, lang } = usePanel();
  const path = `/api/admin/attendees/${encodeURIComponent(productKey)}`;
  const [list, reloadList] = useResource<AttendeeList>(path);
  // A refund or a revoked grant frees a seat, which the waiting list offers on: both are read again.
  const [listStamp, setListStamp] = useState(0);
  const reload = () => { reloadList(); setListStamp((n) => n + 1); };
  const [query, setQuery] = useState('');
  const [separator, setSeparator] = useState<'semicolon' | 'comma'>(lang === 'pl' ? 'semicolon' : 'comma');
  const [emailing, setEmailing] = useState(false);
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<Attendee | null>(null);
  const [refunding, setRefunding] = useState<Attendee | null>(null);
  const [note, setNote] = useState<Note>(null);
  const found = useMemo(() => (list.state === 'ready' ? list.data.attendees.filter((a) => matches(a, query)) : []), [list, query]);
  const pages = usePages(found, PAGE_SIZE);

  async function revoke(attendee: Attendee) {
    const reply = await request('DELETE', `/api/admin/grants/${encodeURIComponent(attendee.purchaseId)}`);
    setRevoking(null);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.payments.revoked'), focus: true } : { kind: 'error', text: reply.message ?? say('admin.loadFailed'), focus: true });
    reload();
  }

  return (
    <Loaded resource={list}>{({ product, attendees, totals, seats }) => {
      const title = titleIn(product, lang);
      return (
        <>
          <div className="admin-toolbar">
            <div className="field">
              <label htmlFor="attendees-search">{say('adminPanel.attendees.search')}</label>
              <input id="attendees-search" type="search" value={query} onChange={(e) => { setQuery(e.target.value); pages.setPage(1); }} />
            </div>
            <div className="field">
              <label htmlFor="attendees-separator">{say('adminPanel.payments.separator')}</label>
              <select id="attendees-separator" value={separator} onChange={(e) => setSeparator(e.target.value as 'semicolon' | 'comma')}>
                <option value="semicolon">{say('adminPanel.payments.semicolon')}</option>
                <option value="comma">{say('adminPanel.payments.comma')}</option>
              </select>
            </div>
            <a className="button button--quiet" href={`${path}?format=csv&separator=${separator}`} download>{say('adminPanel.attendees.csv')}</a>
            <button type="button" className="button" onClick={() => setEmailing(true)}>{say('adminPanel.attendees.email')}</button>
            <button type="button" className="button" onClick={() => setGranting(true)}>{say('adminPanel.payments.grant')}</button>
          </div>
          <NoteLine note={note} />
          <Totals totals={totals} seats={seats} />
          {seats && seats.capacity !== null && <WaitlistPanel key={listStamp} productKey={product.key} />}
          <p className="admin-count" role="status">{say('adminPanel.attendees.count', { shown: found.length, total: attendees.length })}</p>
          {attendees.length === 0 ? <p className="empty">{say('adminPanel.attendees.empty')}</p>
            : found.length === 0 ? <p className="empty">{say('adminPanel.attendees.noMatch')}</p>
            : (
              <TableBox label={say('adminPanel.payments.tableLabel', { title })}>
                <table className="admin-table admin-table--stack">
                  <caption className="visually-hidden">{title}</caption>
                  <thead><tr>
                    <th scope="col">{say('admin.attendees.name')}</th><th scope="col">{say('admin.attendees.email')}</th>
                    <th scope="col">{say('admin.attendees.phone')}</th><th scope="col">{say('admin.attendees.purchaseDate')}</th>
                    <th scope="col" className="num">{say('admin.attendees.amount')}</th><th scope="col">{say('admin.attendees.state')}</th>
                    <th scope="col">{say('adminPanel.payments.actions')}</th>
                  </tr></thead>
                  <tbody>
                    {pages.shown.map((a) => (
                      <tr key={a.purchaseId}>
                        <td data-label={say('admin.attendees.name')}>{a.name}</td>
                        <td data-label={say('admin.attendees.email')}>{a.email}</td>
                        <td data-label={say('admin.attendees.phone')} className="nowrap">{a.phone}</td>
                        <td data-label={say('admin.attendees.purchaseDate')}>{formatDateTime(a.purchaseDate, lang)}</td>
                        <td data-label={say('admin.attendees.amount')} className="num nowrap">{a.state === 'granted' ? '—' : formatMoney(a.amount, a.currency, lang, 'ledger')}</td>
                        <td data-label={say('admin.attendees.state')}>
                          <span>{say(`admin.attendees.state.${a.state}`)}{a.reason && <><br /><small>{a.reason}</small></>}
                            {a.refundedAmount > 0 && <><br /><small>{`${say('admin.attendees.refunded')}: ${formatMoney(a.refundedAmount, a.currency, lang, 'ledger')}`}</small></>}</span>
                        </td>
                        <td data-label={say('adminPanel.payments.actions')}>{a.state === 'granted' && (
                          <div className="admin-actions">
                            <button type="button" className="button button--small button--danger" aria-label={say('adminPanel.payments.revokeLabel', { name: a.name })}
                              onClick={() => setRevoking(a)}>{say('adminPanel.payments.revoke')}</button>
                          </div>
                        )}{(a.state === 'paid' || a.state === 'partlyRefunded') && (
                          <div className="admin-actions">
                            <button type="button" className="button button--small" aria-label={say('admin.refund.title', { name: a.name })}
                              onClick={() => setRefunding(a)}>{say('admin.refund.open')}</button>
                          </div>
                        )}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            )}
          <Pager page={pages.page} pages={pages.pages} onPage={pages.setPage} />
          <AttendanceSheet productKey={product.key} title={title} />
          {emailing && <MassEmailDialog target={product.key} label={say('adminPanel.email.dialogEvent', { title })} onClose={() => setEmailing(false)} />}
          {granting && <GrantDialog productKey={product.key} title={title} onClose={() => setGranting(false)}
            full={seats && seats.capacity !== null && seats.sold + seats.held >= seats.capacity ? { capacity: seats.capacity } : null}
            onGranted={() => { setGranting(false); setNote({ kind: 'ok', text: say('adminPanel.payments.granted.done'), focus: true }); reload(); }} />}
          {refunding && <RefundDialog attendee={refunding} onClose={() => setRefunding(null)} onRefunded={(pending) => {
            setRefunding(null);
            setNote({ kind: 'ok', text: say(pending ? 'admin.refund.pending' : 'admin.refund.done'), focus: true });
            reload();
          }} />}
          {revoking && <ConfirmDialog question={say('adminPanel.payments.revokeConfirm', { name: revoking.name, title })}
            action={say('adminPanel.payments.revoke')} onConfirm={() => revoke(revoking)} onClose={() => setRevoking(null)} />}
        </>
      );
    }}</Loaded>
  );
}
