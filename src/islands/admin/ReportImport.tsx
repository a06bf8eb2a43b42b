import { useState } from 'react';
import type { AttendanceSheet, ImportPlan } from '../../../modules/attendance/index.ts';
import { messageOf } from '../accounts/api.ts';
import { formatDate, formatHourCount } from './format.ts';
import { usePanel } from './messages.ts';
import { NoteLine, type Note } from './ui.tsx';

type Props = { path: string; sessions: AttendanceSheet['sessions']; buyers: AttendanceSheet['buyers']; onApplied: (changed: number) => void };

/** Sends the file's bytes as they are (the server reads its encoding) with the admin's assignments. */
async function upload(url: string, file: File): Promise<{ ok: boolean; data: Record<string, unknown> | null }> {
  try {
    const res = await fetch(url, { method: 'POST', body: await file.arrayBuffer(), headers: { 'content-type': 'text/csv', accept: 'application/json' }, credentials: 'same-origin' });
    return { ok: res.ok, data: await res.json().catch(() => null) as Record<string, unknown> | null };
  } catch {
    return { ok: false, data: null };
  }
}

/**
 * A participant report for one session: first what it will save (matched by e-mail, then name; the unmatched to assign
 * or skip; buyers it does not name; minutes too many), then saving exactly that, whole or not at all.
 */
export default function ReportImport({ path, sessions, buyers, onApplied }: Props) {
  const { say, lang } = usePanel();
  const [sessionId, setSessionId] = useState(sessions[0]?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [assigned, setAssigned] = useState<Record<string, string>>({});
  const [note, setNote] = useState<Note>(null);

  const url = (apply: boolean, assign: Record<string, string>) => {
    const query = new URLSearchParams({ session: sessionId, ...(apply ? { apply: '1' } : {}) });
    for (const [person, purchaseId] of Object.entries(assign)) if (purchaseId) query.append('assign', `${purchaseId}:${person}`);
    return `${path}/import?${query}`;
  };
  async function preview(assign = assigned) {
    if (!file) return;
    const reply = await upload(url(false, assign), file);
    setPlan(reply.ok ? (reply.data?.['plan'] as ImportPlan) : null);
    setNote(reply.ok ? null : { kind: 'error', text: messageOf(reply.data) ?? say('admin.loadFailed') });
  }
  async function apply() {
    if (!file) return;
    const reply = await upload(url(true, assigned), file);
    if (!reply.ok) { setNote({ kind: 'error', text: messageOf(reply.data) ?? say('admin.loadFailed') }); return; }
    setPlan(null);
    setAssigned({});
    onApplied(Number(reply.data?.['changed'] ?? 0));
  }
  const assign = (person: string, purchaseId: string) => {
    const next = { ...assigned, [person]: purchaseId };
    setAssigned(next);
    void preview(next);
  };

  return (
    <fieldset className="admin-import">
      <legend>{say('adminPanel.attendance.import')}</legend>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="import-session">{say('adminPanel.attendance.importSession')}</label>
          <select id="import-session" value={sessionId} onChange={(e) => { setSessionId(e.target.value); setPlan(null); }}>
            {sessions.map((s) => <option key={s.id} value={s.id}>{formatDate(s.start, lang)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="import-file">{say('adminPanel.attendance.importFile')}</label>
          <input id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setPlan(null); setAssigned({}); }} />
        </div>
        <button type="button" className="button" disabled={!file} onClick={() => void preview()}>{say('adminPanel.attendance.preview')}</button>
      </div>
      <NoteLine note={note} />
      {plan && (
        <div data-testid="import-preview">
          <p role="status">{say('adminPanel.attendance.summary', { rows: plan.rows, duplicates: plan.duplicates, matched: plan.matched.length, unmatched: plan.unmatched.length, missing: plan.notInReport.length })}</p>
          {plan.tooLong.map((t) => <p key={t.purchaseId} className="status--error" role="alert">{say('adminPanel.attendance.tooLong', { name: t.name, minutes: t.minutes, limit: plan.sessionMinutes })}</p>)}
          <h4>{say('adminPanel.attendance.matched')}</h4>
          <ul>{plan.matched.map((m) => (
            <li key={m.purchaseId}>{`${m.name} (${m.email}): ${say('adminPanel.attendance.minutesHours', { minutes: m.minutes, hours: formatHourCount(m.hours, lang) })} — `}
              {m.people.map((p) => `${p.name} ${say(`adminPanel.attendance.by.${p.by}`)}`).join(', ')}</li>
          ))}</ul>
          {plan.unmatched.length > 0 && <>
            <h4>{say('adminPanel.attendance.unmatched')}</h4>
            <ul>{plan.unmatched.map((p) => (
              <li key={p.key}>
                <label htmlFor={`assign-${p.key}`}>{say('adminPanel.attendance.assign', { name: `${p.name}${p.email ? ` <${p.email}>` : ''}, ${say('adminPanel.attendance.minutes', { minutes: p.minutes })}` })}</label>{' '}
                <select id={`assign-${p.key}`} value={assigned[p.key] ?? ''} onChange={(e) => assign(p.key, e.target.value)}>
                  <option value="">{say('adminPanel.attendance.nobody')}</option>
                  {buyers.map((b) => <option key={b.purchaseId} value={b.purchaseId}>{`${b.name} (${b.email})`}</option>)}
                </select>
              </li>
            ))}</ul>
          </>}
          {plan.notInReport.length > 0 && <>
            <h4>{say('adminPanel.attendance.notInReport')}</h4>
            <ul>{plan.notInReport.map((b) => <li key={b.purchaseId}>{`${b.name} (${b.email})`}</li>)}</ul>
          </>}
          <button type="button" className="button" disabled={plan.tooLong.length > 0} onClick={() => void apply()}>{say('adminPanel.attendance.apply')}</button>
        </div>
      )}
    </fieldset>
  );
}
