/**
 * The outbox topics of meetings. `schedule` is written by purchases when a purchase is paid (its reminders are
 * planned then, by the meetings handler) and again when its product's schedule changed; `remind` rows are written by that handler, one per (session, offset), timed.
 */
export const MEETING_TOPICS = {
  schedule: 'meeting-reminders-schedule',
  remind: 'meeting-reminder',
  /** A click that joined a session, written beside JoinLinkClicked: attendance takes it as a first signal (issue 25). */
  clicked: 'meeting-join-clicked',
} as const;

/**
 * The reminders' own outbox worker: every buyer of a session comes due at the same minute (5,000 for a large event),
 * so they are sent several at once (a reminder mostly waits: for the database, the relay, a commit) and never queue
 * ahead of a password reset or a purchase confirmation. Measured in bench/README.md (`reminders`).
 */
export const REMINDER_LANE = { topics: [MEETING_TOPICS.remind], leaseMs: 60_000, batchSize: 20, concurrency: 4 } as const;

/** What `schedule` carries: the purchase just paid. */
export type ReminderSchedulePayload = { purchaseId: string };

/** What `remind` carries: one reminder of one session of a purchase, `offset` minutes before the session's start. */
export type ReminderPayload = { purchaseId: string; sessionId: string; offset: number };

/** The outbox row purchases writes beside PurchaseCompleted: the reminders of that purchase get planned once it commits. */
export const reminderScheduleMessage = (purchaseId: string) =>
  ({ topic: MEETING_TOPICS.schedule, dedupeKey: `meeting-schedule:${purchaseId}`, payload: { purchaseId } satisfies ReminderSchedulePayload });

/**
 * The outbox row that plans a purchase's reminders again after its product's schedule changed (`cause` names the
 * change, e.g. `r2` for schedule revision 2, so each change re-plans once): rows still queued move to their new
 * moments (a session moved earlier is reminded earlier), new sessions get theirs; the sent-ledger keeps each to one.
 */
export const reminderReplanMessage = (purchaseId: string, cause: string) =>
  ({ topic: MEETING_TOPICS.schedule, dedupeKey: `meeting-schedule:${purchaseId}:${cause}`, payload: { purchaseId } satisfies ReminderSchedulePayload });

/** The dedupe key of one reminder: at most one queued row per (purchase, session, offset), however often it is planned. */
export const reminderDedupeKey = (p: ReminderPayload) => `reminder:${p.purchaseId}:${p.sessionId}:${p.offset}`;

/** The row written beside each JoinLinkClicked: what the click says, for whoever counts attendance. Once per click. */
export const joinClickedMessage = (click: { purchaseId: string; userId: string; sessionId: string; at: string }) =>
  ({ topic: MEETING_TOPICS.clicked, dedupeKey: `join-clicked:${click.purchaseId}:${click.sessionId}:${click.at}`, payload: click });
