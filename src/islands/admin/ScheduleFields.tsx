import { BilingualField, NumberField, TextField } from './fields.tsx';
import { fromWarsawInput, toWarsawInput } from './format.ts';
import { usePanel } from './messages.ts';
import { issueAt, type Draft, type FieldIssues } from './product-draft.ts';

type Props = { draft: Draft; set: <K extends keyof Draft>(key: K) => (value: Draft[K]) => void; issues: FieldIssues };

/**
 * When and where: the start, the number of days, each day's end and break, the place, the hours towards
 * certification and when Join appears. Every date line, schedule and Details line the pages show follows from these.
 */
export default function ScheduleFields({ draft, set, issues }: Props) {
  const { say } = usePanel();
  const at = (path: string) => issueAt(issues, path);
  const breakTime = draft.breakTime ?? { from: '', to: '' };
  const setBreak = (next: { from: string; to: string }) => set('breakTime')(next.from === '' && next.to === '' ? null : next);
  return (
    <>
      <div className="admin-grid">
        <TextField id="product-starts" type="datetime-local" label={say('adminPanel.catalogue.startsAt')} value={draft.startsAt ? toWarsawInput(draft.startsAt) : ''}
          onChange={(v) => set('startsAt')(fromWarsawInput(v))} error={at('startsAt')} />
        <NumberField id="product-days" label={say('adminPanel.catalogue.days')} value={draft.days} onChange={set('days')} error={at('days')} />
        <TextField id="product-daily-end" type="time" label={say('adminPanel.catalogue.dailyEnd')} value={draft.dailyEnd} onChange={set('dailyEnd')} error={at('dailyEnd')} />
        <TextField id="product-break-from" type="time" label={say('adminPanel.catalogue.breakFrom')} value={breakTime.from}
          onChange={(from) => setBreak({ ...breakTime, from })} error={at('breakTime.from')} />
        <TextField id="product-break-to" type="time" label={say('adminPanel.catalogue.breakTo')} value={breakTime.to}
          onChange={(to) => setBreak({ ...breakTime, to })} error={issues['breakTime.from'] ? undefined : at('breakTime.to')} />
        <NumberField id="product-hours" label={say('adminPanel.catalogue.hours')} value={draft.hours ?? Number.NaN} step={0.5} min={0.5}
          onChange={(h) => set('hours')(Number.isNaN(h) ? null : h)} error={at('hours')} />
        <NumberField id="product-join" label={say('adminPanel.catalogue.joinOpensMinutes')} value={draft.joinOpensMinutes} min={0}
          onChange={set('joinOpensMinutes')} error={at('joinOpensMinutes')} />
      </div>
      <BilingualField id="product-place" label={say('adminPanel.catalogue.place')} value={draft.place} onChange={set('place')}
        errors={{ pl: at('place.pl'), en: at('place.en') }} />
    </>
  );
}
