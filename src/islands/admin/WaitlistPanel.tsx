import { useState } from 'react';
import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel, WAITLIST_EVENTS, WAITLIST_REASONS, type PanelKey } from './messages.ts';
import { TableBox } from './TableBox.tsx';
import type { Paged } from './types.ts';
import { Loaded, Pager } from './ui.tsx';

type Person = { name: string; email: string; phone: string } | null;
type Offer = { offerId: string; expiresAt: string } | null;
/** GET /api/admin/waitlist/{productKey}, as the panel reads it. */
export type WaitlistView = {
  closed: boolean;
  queue: { position: number; userId: string; person: Person; joinedAt: string; offer: Offer }[];
  /** One page of the steps, newest first. */
  history: Paged<{ type: string; at: string; userId: string | null; person: Person; reason: string | null; offerId: string | null; expiresAt: string | null }>;
};

const known = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

/**
 * A product's waiting list under its attendees (issue 24): who waits in which order with any seat offered to them and
 * until when, and every step of its seats and list, newest first, 50 a page, on Warsaw's clock. Someone erased reads
 * as "—".
 */
export default function WaitlistPanel({ productKey }: { productKey: string }) {
  const { say, lang } = usePanel();
  const [page, setPage] = useState(1);
  const [view] = useResource<WaitlistView>(`/api/admin/waitlist/${encodeURIComponent(productKey)}?page=${page}`);
  const step = (type: string, reason: string | null) => {
    const name = known(WAITLIST_EVENTS, type) ? say(`waitlist.event.${type}` as PanelKey) : type;
    return known(WAITLIST_REASONS, reason) ? `${name} (${say(`waitlist.reason.${reason}` as PanelKey)})` : name;
  };
  return (
    <div className="admin-waitlist" data-testid="admin-waitlist">
      <h3>{say('waitlist.panel.title')}</h3>
      <Loaded resource={view}>{({ closed, queue, history }) => (
        <>
          {closed && <p className="status" data-testid="waitlist-closed">{say('waitlist.panel.closed')}</p>}
          {queue.length === 0 ? <p className="empty">{say('waitlist.panel.empty')}</p> : (
            <TableBox label={say('waitlist.panel.title')}>
              <table className="admin-table admin-table--stack" data-testid="waitlist-queue">
                <caption className="visually-hidden">{say('waitlist.panel.title')}</caption>
                <thead><tr>
                  <th scope="col" className="num">{say('waitlist.panel.position')}</th><th scope="col">{say('admin.attendees.name')}</th>
                  <th scope="col">{say('admin.attendees.email')}</th><th scope="col">{say('waitlist.panel.joined')}</th><th scope="col">{say('waitlist.panel.offer')}</th>
                </tr></thead>
                <tbody>
                  {queue.map((w) => (
                    <tr key={w.userId}>
                      <td data-label={say('waitlist.panel.position')} className="num">{w.position}</td>
                      <td data-label={say('admin.attendees.name')}>{w.person?.name ?? '—'}</td>
                      <td data-label={say('admin.attendees.email')}>{w.person?.email ?? '—'}</td>
                      <td data-label={say('waitlist.panel.joined')}>{formatDateTime(w.joinedAt, lang)}</td>
                      <td data-label={say('waitlist.panel.offer')}>{w.offer ? formatDateTime(w.offer.expiresAt, lang) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
          {history.total > 0 && (
            <>
              <h4>{say('waitlist.panel.history')}</h4>
              <TableBox label={say('waitlist.panel.history')}>
                <table className="admin-table admin-table--stack" data-testid="waitlist-history">
                  <caption className="visually-hidden">{say('waitlist.panel.history')}</caption>
                  <thead><tr>
                    <th scope="col">{say('waitlist.panel.at')}</th><th scope="col">{say('waitlist.panel.step')}</th>
                    <th scope="col">{say('waitlist.panel.person')}</th><th scope="col">{say('waitlist.panel.offer')}</th>
                  </tr></thead>
                  <tbody>
                    {history.items.map((h, i) => (
                      <tr key={`${history.total - (history.page - 1) * history.pageSize - i}`}>
                        <td data-label={say('waitlist.panel.at')} className="nowrap">{formatDateTime(h.at, lang)}</td>
                        <td data-label={say('waitlist.panel.step')}>{step(h.type, h.reason)}</td>
                        <td data-label={say('waitlist.panel.person')}>{h.person ? `${h.person.name} <${h.person.email}>` : '—'}</td>
                        <td data-label={say('waitlist.panel.offer')}>{h.type === 'SeatOffered' && h.expiresAt ? formatDateTime(h.expiresAt, lang) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
              <Pager page={page} pages={Math.max(1, Math.ceil(history.total / Math.max(history.pageSize, 1)))} onPage={setPage} of={say('waitlist.panel.history')} />
            </>
          )}
        </>
      )}</Loaded>
    </div>
  );
}
