import { defaultSessionHours } from '../../../modules/catalogue/index.ts';
import { NumberField } from './fields.tsx';
import { usePanel } from './messages.ts';
import { issueAt, type Draft, type FieldIssues } from './product-draft.ts';

type Props = { draft: Draft; set: <K extends keyof Draft>(key: K) => (value: Draft[K]) => void; issues: FieldIssues };

/**
 * Hours towards a certificate (issue 25): what each saved session is worth (empty: its length less the day's break,
 * shown as the default) and the minimum a certificate takes (empty: every session).
 */
export default function HoursFields({ draft, set, issues }: Props) {
  const { say } = usePanel();
  const given = draft.sessionHours ?? {};
  const setHours = (id: string, hours: number) => {
    const { [id]: _old, ...rest } = given;
    set('sessionHours')(Number.isNaN(hours) ? rest : { ...rest, [id]: hours });
  };
  return (
    <fieldset className="admin-hours">
      <legend>{say('adminPanel.hours.title')}</legend>
      <div className="admin-grid">
        {(draft.sessions ?? []).map((s, i) => (s.id && s.start && s.end ? (
          <NumberField key={s.id} id={`session-hours-${i}`} step={0.25} min={0} value={given[s.id] ?? Number.NaN} onChange={(h) => setHours(s.id!, h)}
            label={say('adminPanel.hours.session', { n: i + 1, default: defaultSessionHours({ id: s.id, start: s.start, end: s.end }, draft.breakTime) })}
            error={issueAt(issues, `sessionHours.${s.id}`)} />
        ) : null))}
        <NumberField id="product-certificate-hours" step={0.5} min={0.5} value={draft.certificateMinHours ?? Number.NaN}
          label={say('adminPanel.hours.minimum')} onChange={(h) => set('certificateMinHours')(Number.isNaN(h) ? null : h)} error={issueAt(issues, 'certificateMinHours')} />
      </div>
    </fieldset>
  );
}
