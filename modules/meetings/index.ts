import type { ModuleDb } from '../shared/db/index.ts';
import { systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import type { MeetingsDeps } from './deps.ts';
import { joinHandlers } from './join.ts';
import { joinLinks } from './join-link.ts';
import type { MeetingsPorts } from './ports.ts';
import { reminderHandlers } from './reminders.ts';
import type { MeetingsTables } from './schema.ts';
import { REMINDER_LANE } from './topics.ts';

export { MEETING_TOPICS, REMINDER_LANE, joinClickedMessage, reminderReplanMessage, reminderScheduleMessage, reminderDedupeKey, type ReminderPayload, type ReminderSchedulePayload } from './topics.ts';
export { joinLinks } from './join-link.ts';
export { joinDecision, attendanceDecider, attendanceStreamOf, type JoinDecision, type JoinLinkClicked } from './join.ts';
export { REMINDER_OFFSETS, joinWindow, normalOffsets, reminderMoment, reminderVerdict, remindersToPlan, type PlannedReminder, type ReminderVerdict } from './timing.ts';
export { reminderMessageId } from './reminders.ts';
export { reminderMail } from './reminder-mail.ts';
export { reminderTexts, timeLeft } from './reminder-texts.ts';
export type { MeetingProduct, MeetingPurchase, MeetingSession, MeetingsPorts } from './ports.ts';
export type { MeetingsTables } from './schema.ts';

/**
 * Meetings: the personal join link (`/dolacz/{token}`, checked and recorded when clicked, the only way to the
 * meeting's URL) and the reminders before each session (timed outbox rows, a sent-ledger for exactly once).
 */
export function createMeetings(ctx: ModuleContext, ports: MeetingsPorts) {
  const deps: MeetingsDeps = {
    db: ctx.db as unknown as ModuleDb<MeetingsTables>,
    store: ctx.store,
    clock: ctx.clock ?? systemClock,
    ports,
    siteName: ctx.config.SITE_NAME,
    domain: new URL(ctx.config.PUBLIC_URL).hostname,
  };
  const links = joinLinks(ctx.config.JWT_SECRET, ports.origin);
  return {
    /** The absolute personal join link of a purchase. */
    joinLink: links.joinLink,
    /** A click on a join link: what to answer (redirect, refusal or "opens at"); a click that joins is recorded. */
    join: joinHandlers(deps, links.purchaseOfJoinToken).join,
    outboxHandlers: reminderHandlers(deps, links.joinLink),
    /** The reminders' worker of their own (topics, lease, batch, sends at once). */
    lane: REMINDER_LANE,
  };
}

export type Meetings = ReturnType<typeof createMeetings>;
