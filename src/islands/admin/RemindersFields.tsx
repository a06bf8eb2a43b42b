import { NumberField } from './fields.tsx';
import { usePanel } from './messages.ts';
import type { FieldIssues } from './product-draft.ts';

type Props = { offsets: number[]; onOffsets: (offsets: number[]) => void; issues: FieldIssues };

/**
 * The reminders a buyer gets before each session, in minutes before its start (a day and an hour unless changed).
 * An emptied box is sent as it is (null): the server names the row it refuses.
 */
export default function RemindersFields({ offsets, onOffsets, issues }: Props) {
  const { say } = usePanel();
  const change = (i: number, n: number) => onOffsets(offsets.map((o, k) => (k === i ? n : o)));
  return (
    <fieldset className="admin-reminders">
      <legend>{say('adminPanel.reminders.title')}</legend>
      <p className="admin-hint">{say('adminPanel.reminders.hint')}</p>
      {issues['reminderOffsets'] ? <p className="field-error" role="alert">{issues['reminderOffsets']}</p> : null}
      <ol>
        {offsets.map((o, i) => (
          // Rows are positions: a reminder has no id of its own, and its minutes are what the admin is typing.
          <li key={i} className="admin-grid">
            <NumberField id={`reminder-${i}`} label={say('adminPanel.reminders.item', { n: i + 1 })} value={o} min={1}
              onChange={(n) => change(i, n)} error={issues[`reminderOffsets.${i}`]} />
            <button type="button" className="button button--small button--quiet" onClick={() => onOffsets(offsets.filter((_, k) => k !== i))}>
              {say('adminPanel.reminders.remove', { n: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--small button--quiet" onClick={() => onOffsets([...offsets, Number.NaN])}>{say('adminPanel.reminders.add')}</button>
    </fieldset>
  );
}
