import { useState } from 'react';
import type { AttendanceSheet as Sheet } from '../../../modules/attendance/index.ts';
import { request, useResource } from './api.ts';
import { formatDate, formatHourCount } from './format.ts';
import { usePanel } from './messages.ts';
import ReportImport from './ReportImport.tsx';
import { TableBox } from './TableBox.tsx';
import { Loaded, NoteLine, type Note } from './ui.tsx';

/**
 * Attendance per session (issue 25): a column per session with a tick per buyer (a click on the join link ticks it
 * first; the admin's tick corrects it), "all present" per session, and the import of a participant report. Where a
 * report gave minutes, the cell shows them with the hours they count, and "full hours" lets the admin's word replace them.
 * Each buyer's row can issue their certificate by hand (the Certificates tab's own form asks for a purchase id the panel
 * shows nowhere; here the admin picks the person).
 */
export default function AttendanceSheet({ productKey, title }: { productKey: string; title: string }) {
  const { say, lang } = usePanel();
  const path = `/api/admin/attendance/${encodeURIComponent(productKey)}`;
  const [sheet, reload] = useResource<Sheet>(path);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);

  async function send(body: object) {
    setBusy(true);
    const reply = await request('POST', path, body);
    setBusy(false);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.attendance.saved') } : { kind: 'error', text: reply.message ?? say('admin.loadFailed') });
    reload();
  }

  /** An issue by hand (POST /api/admin/certificates): whatever the threshold says, with the hours recorded so far. */
  async function issue(buyer: { purchaseId: string; name: string }) {
    if (!window.confirm(say('adminPanel.attendance.issueConfirm', { name: buyer.name }))) return;
    setBusy(true);
    const reply = await request('POST', '/api/admin/certificates', { purchaseId: buyer.purchaseId });
    setBusy(false);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.attendance.issued', { name: buyer.name }) } : { kind: 'error', text: reply.message ?? say('admin.loadFailed') });
  }

  return (
    <section className="admin-attendance" aria-labelledby="attendance-title">
      <h3 id="attendance-title">{say('adminPanel.attendance.title')}</h3>
      <NoteLine note={note} />
      <Loaded resource={sheet}>{({ sessions, buyers }) => {
        const dateOf = (start: string) => formatDate(start, lang);
        return (
          <>
            {buyers.length === 0 ? <p className="empty">{say('adminPanel.attendance.noBuyers')}</p> : (
              <TableBox label={say('adminPanel.attendance.tableLabel', { title })}>
                <table className="admin-table" data-testid="attendance-sheet">
                  <caption className="visually-hidden">{say('adminPanel.attendance.tableLabel', { title })}</caption>
                  <thead><tr>
                    <th scope="col">{say('admin.attendees.name')}</th>
                    {sessions.map((s) => (
                      <th scope="col" key={s.id}>
                        {say('adminPanel.attendance.session', { date: dateOf(s.start), hours: formatHourCount(s.hours, lang) })}
                        <br />
                        <button type="button" className="button button--small" disabled={busy} aria-label={say('adminPanel.attendance.markAllLabel', { date: dateOf(s.start) })}
                          onClick={() => send({ sessionId: s.id, all: true })}>{say('adminPanel.attendance.markAll')}</button>
                      </th>
                    ))}
                  </tr></thead>
                  <tbody>
                    {buyers.map((b) => (
                      <tr key={b.purchaseId}>
                        <th scope="row">{b.name}<br />
                          <button type="button" className="button button--small" disabled={busy} aria-label={say('adminPanel.attendance.issueLabel', { name: b.name })}
                            onClick={() => void issue(b)}>{say('adminPanel.attendance.issue')}</button>
                        </th>
                        {sessions.map((s) => {
                          const mark = b.marks[s.id];
                          return (
                            <td key={s.id}>
                              <input type="checkbox" checked={mark?.present === true} disabled={busy}
                                aria-label={say('adminPanel.attendance.present', { name: b.name, date: dateOf(s.start) })}
                                onChange={(e) => send({ sessionId: s.id, ticks: [{ purchaseId: b.purchaseId, present: e.target.checked }] })} />
                              {mark && <small>{' '}{say(`adminPanel.attendance.source.${mark.source}`)}
                                {mark.present && mark.minutes !== null ? `, ${say('adminPanel.attendance.minutesHours', { minutes: mark.minutes, hours: formatHourCount(mark.hoursCounted, lang) })}` : ''}</small>}
                              {mark?.present && mark.minutes !== null && (
                                <button type="button" className="button button--small" disabled={busy}
                                  aria-label={say('adminPanel.attendance.fullHoursLabel', { name: b.name, date: dateOf(s.start) })}
                                  onClick={() => send({ sessionId: s.id, ticks: [{ purchaseId: b.purchaseId, present: true }] })}>{say('adminPanel.attendance.fullHours')}</button>
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            )}
            <ReportImport path={path} sessions={sessions} buyers={buyers} onApplied={(changed) => {
              setNote({ kind: 'ok', text: say('adminPanel.attendance.applied', { changed }) });
              reload();
            }} />
          </>
        );
      }}</Loaded>
    </section>
  );
}
