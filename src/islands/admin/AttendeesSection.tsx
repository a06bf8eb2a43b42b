import { useMemo, useState } from 'react';
import { useResource } from './api.ts';
import { formatDate, formatDateTime } from './format.ts';
import MassEmailDialog from './MassEmailDialog.tsx';
import { usePanel } from './messages.ts';
import { matches } from './search.ts';
import { Loaded, Pager, usePages } from './ui.tsx';
import { titleIn, type AdminProduct, type AttendeeList } from './types.ts';

const PAGE_SIZE = 25;

/** Per-event attendee lists: choose an event, search its buyers, export them as CSV, e-mail them. */
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

function Attendees({ productKey }: { productKey: string }) {
  const { say, lang } = usePanel();
  const [list] = useResource<AttendeeList>(`/api/admin/attendees/${encodeURIComponent(productKey)}`);
  const [query, setQuery] = useState('');
  const [emailing, setEmailing] = useState(false);
  const found = useMemo(() => (list.state === 'ready' ? list.data.attendees.filter((a) => matches(a, query)) : []), [list, query]);
  const pages = usePages(found, PAGE_SIZE);

  return (
    <Loaded resource={list}>{({ product, attendees }) => (
      <>
        <div className="admin-toolbar">
          <div className="field">
            <label htmlFor="attendees-search">{say('adminPanel.attendees.search')}</label>
            <input id="attendees-search" type="search" value={query} onChange={(e) => { setQuery(e.target.value); pages.setPage(1); }} />
          </div>
          <a className="button button--quiet" href={`/api/admin/attendees/${encodeURIComponent(productKey)}?format=csv`} download>{say('adminPanel.attendees.csv')}</a>
          <button type="button" className="button" onClick={() => setEmailing(true)}>{say('adminPanel.attendees.email')}</button>
        </div>
        <p className="admin-count" role="status">{say('adminPanel.attendees.count', { shown: found.length, total: attendees.length })}</p>
        {attendees.length === 0 ? <p className="empty">{say('adminPanel.attendees.empty')}</p>
          : found.length === 0 ? <p className="empty">{say('adminPanel.attendees.noMatch')}</p>
          : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">{titleIn(product, lang)}</caption>
                <thead><tr>
                  <th scope="col">{say('admin.attendees.name')}</th><th scope="col">{say('admin.attendees.email')}</th>
                  <th scope="col">{say('admin.attendees.phone')}</th><th scope="col">{say('admin.attendees.purchaseDate')}</th>
                </tr></thead>
                <tbody>
                  {pages.shown.map((a) => (
                    <tr key={a.userId}><td>{a.name}</td><td>{a.email}</td><td>{a.phone}</td><td>{formatDateTime(a.purchaseDate, lang)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        <Pager page={pages.page} pages={pages.pages} onPage={pages.setPage} />
        {emailing && <MassEmailDialog target={product.key} label={say('adminPanel.email.dialogEvent', { title: titleIn(product, lang) })}
          onClose={() => setEmailing(false)} />}
      </>
    )}</Loaded>
  );
}
