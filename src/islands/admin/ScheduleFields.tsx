import { DEFAULT_OFFER_HOURS, DEFAULT_REMINDER_OFFSETS } from '../../../modules/catalogue/index.ts';
import { BilingualField, NumberField, TextField } from './fields.tsx';
import { usePanel } from './messages.ts';
import { issueAt, type Draft, type FieldIssues } from './product-draft.ts';
import RemindersFields from './RemindersFields.tsx';
import SessionsFields from './SessionsFields.tsx';
import HoursFields from './HoursFields.tsx';

type Props = { draft: Draft; set: <K extends keyof Draft>(key: K) => (value: Draft[K]) => void; issues: FieldIssues };

/**
 * When and where: the sessions and seats, the reminders before each session, each day's break, the place, the hours towards
 * certification and when Join appears. Every date line, schedule and Details line the pages show follows from these.
 */
export default function ScheduleFields({ draft, set, issues }: Props) {
  const { say } = usePanel();
  const at = (path: string) => issueAt(issues, path);
  const breakTime = draft.breakTime ?? { from: '', to: '' };
  const setBreak = (next: { from: string; to: string }) => set('breakTime')(next.from === '' && next.to === '' ? null : next);
  return (
    <>
      <SessionsFields sessions={draft.sessions ?? []} onSessions={set('sessions')} capacity={draft.capacity ?? null} onCapacity={set('capacity')}
        offerHours={draft.offerHours ?? DEFAULT_OFFER_HOURS} onOfferHours={set('offerHours')} issues={issues} />
      <RemindersFields offsets={draft.reminderOffsets ?? [...DEFAULT_REMINDER_OFFSETS]} onOffsets={set('reminderOffsets')} issues={issues} />
      <div className="admin-grid">
        <TextField id="product-break-from" type="time" label={say('adminPanel.catalogue.breakFrom')} value={breakTime.from}
          onChange={(from) => setBreak({ ...breakTime, from })} error={at('breakTime.from')} />
        <TextField id="product-break-to" type="time" label={say('adminPanel.catalogue.breakTo')} value={breakTime.to}
          onChange={(to) => setBreak({ ...breakTime, to })} error={issues['breakTime.from'] ? undefined : at('breakTime.to')} />
        <NumberField id="product-hours" label={say('adminPanel.catalogue.hours')} value={draft.hours ?? Number.NaN} step={0.5} min={0.5}
          onChange={(h) => set('hours')(Number.isNaN(h) ? null : h)} error={at('hours')} />
        <NumberField id="product-join" label={say('adminPanel.catalogue.joinOpensMinutes')} value={draft.joinOpensMinutes} min={0}
          onChange={set('joinOpensMinutes')} error={at('joinOpensMinutes')} />
      </div>
      <HoursFields draft={draft} set={set} issues={issues} />
      <BilingualField id="product-place" label={say('adminPanel.catalogue.place')} value={draft.place} onChange={set('place')}
        errors={{ pl: at('place.pl'), en: at('place.en') }} />
    </>
  );
}
