import { useState } from 'react';
import type { SessionInput } from '../../../modules/catalogue/index.ts';
import { NumberField, TextField } from './fields.tsx';
import { fromWarsawInput, toWarsawInput } from './format.ts';
import { usePanel } from './messages.ts';
import { issueAt, type FieldIssues } from './product-draft.ts';

type Props = {
  sessions: SessionInput[]; onSessions: (sessions: SessionInput[]) => void;
  capacity: number | null; onCapacity: (capacity: number | null) => void;
  /** How long a waiting list's offer holds its seat (hours; shown with a capacity only). */
  offerHours: number; onOfferHours: (hours: number) => void; issues: FieldIssues;
};

type Parts = { date: string; from: string; to: string };

/** A session's Warsaw date and times, as the form shows them; '' where it has none yet. */
const partsOf = (s: SessionInput): Parts => ({
  date: (s.start ? toWarsawInput(s.start) : s.end ? toWarsawInput(s.end) : '').slice(0, 10),
  from: s.start ? toWarsawInput(s.start).slice(11, 16) : '',
  to: s.end ? toWarsawInput(s.end).slice(11, 16) : '',
});
/** The session a row's date and times stand for (on Warsaw's clock; the end on the same day as the start). */
const fromParts = (id: string | undefined, date: string, from: string, to: string): SessionInput => ({
  ...(id ? { id } : {}), start: fromWarsawInput(`${date}T${from}`), end: fromWarsawInput(`${date}T${to}`),
});

/** The day after a Warsaw date ('YYYY-MM-DD'). */
const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The schedule: each session's date, start and end on Warsaw's clock (a new one on the day after the last, at its
 * hours), and the seats for sale (empty: no limit). Each session keeps the id the server gave it.
 */
export default function SessionsFields({ sessions, onSessions, capacity, onCapacity, offerHours, onOfferHours, issues }: Props) {
  const { say } = usePanel();
  const at = (path: string) => issueAt(issues, path);
  // What the admin typed in each row, kept as typed: a date without its hours yet is no instant, and deriving the row
  // from the session alone would lose it. Rows are read again from `sessions` only when they change from outside.
  const [rows, setRows] = useState(() => sessions.map(partsOf));
  const [seen, setSeen] = useState(sessions);
  if (sessions !== seen) {
    setSeen(sessions);
    setRows(sessions.map(partsOf));
  }
  const emit = (next: Parts[]) => {
    const derived = next.map((r, k) => fromParts(sessions[k]?.id, r.date, r.from, r.to));
    setRows(next);
    setSeen(derived);
    onSessions(derived);
  };
  const change = (i: number, next: Partial<Parts>) => emit(rows.map((r, k) => (k === i ? { ...r, ...next } : r)));
  const add = () => {
    const last = rows.at(-1);
    const parts = last ?? { date: '', from: '09:00', to: '17:30' };
    emit([...rows, { date: parts.date ? nextDay(parts.date) : '', from: parts.from, to: parts.to }]);
  };
  const remove = (i: number) => {
    const keep = (_: unknown, k: number) => k !== i;
    const next = rows.filter(keep);
    const derived = next.map((r, k) => fromParts(sessions.filter(keep)[k]?.id, r.date, r.from, r.to));
    setRows(next);
    setSeen(derived);
    onSessions(derived);
  };
  return (
    <fieldset className="admin-sessions">
      <legend>{say('adminPanel.sessions.title')}</legend>
      {issues['sessions'] ? <p className="field-error" role="alert">{issues['sessions']}</p> : null}
      <ol>
        {sessions.map((s, i) => {
          const parts = rows[i] ?? partsOf(s);
          return (
            <li key={s.id ?? `new-${i}`} className="admin-grid">
              <TextField id={`session-${i}-date`} type="date" label={say('adminPanel.sessions.date', { n: i + 1 })} value={parts.date}
                onChange={(date) => change(i, { date })} error={at(`sessions.${i}.start`)} />
              <TextField id={`session-${i}-from`} type="time" label={say('adminPanel.sessions.from')} value={parts.from}
                onChange={(from) => change(i, { from })} />
              <TextField id={`session-${i}-to`} type="time" label={say('adminPanel.sessions.to')} value={parts.to}
                onChange={(to) => change(i, { to })} error={at(`sessions.${i}.end`)} />
              <button type="button" className="button button--small button--quiet" onClick={() => remove(i)}>
                {say('adminPanel.sessions.remove', { n: i + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--small button--quiet" onClick={add}>{say('adminPanel.sessions.add')}</button>
      <NumberField id="product-capacity" label={say('adminPanel.sessions.capacity')} value={capacity ?? Number.NaN}
        onChange={(n) => onCapacity(Number.isNaN(n) ? null : n)} error={at('capacity')} />
      {capacity !== null && <NumberField id="product-offer-hours" label={say('adminPanel.sessions.offerHours')} value={offerHours}
        onChange={onOfferHours} error={at('offerHours')} />}
    </fieldset>
  );
}
