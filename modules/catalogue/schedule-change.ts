/**
 * A change of a sold product's sessions (issue 24): which sessions moved, which were removed and which were added,
 * numbered by a per-product schedule revision. The revision is the calendar SEQUENCE the change's update carries to
 * every buyer (the confirmation's invitation is 0), so each change's update is above the one before, and a later
 * withdrawal (a refund) goes above the latest one. The catalogue only announces the change, through the outbox, once
 * it commits; whoever sells the product tells its buyers (src/server/modules.ts hands the topic to purchases).
 */
import type { OutboxMessage } from '../shared/events/index.ts';
import type { Session } from './sessions.ts';

/** The outbox topic of a committed schedule change: one row per (product, revision). */
export const SCHEDULE_CHANGED_TOPIC = 'catalogue-schedule-changed';

export type SessionTimes = { start: string; end: string };
export type SessionMove = { id: string; from: SessionTimes; to: SessionTimes };

/** What a change did to the sessions: each kept session whose times changed, each removed one, each new one. */
export type ScheduleDiff = { moved: SessionMove[]; removed: Session[]; added: Session[] };

/**
 * A schedule change as announced: the product, its revision (1 for the first), the diff, every session after it, and
 * when it was made (absent from a change decided without a clock): a purchase paid after it was sold the new schedule.
 */
export type ScheduleChange = ScheduleDiff & { productKey: string; revision: number; sessions: Session[]; at?: string };

/** Recorded beside the ProductRevised that changed the sessions. */
export type ProductScheduleChanged = { type: 'ProductScheduleChanged'; data: ScheduleChange };

/** How the sessions `after` differ from `before`, matched by id; null when no session moved, went or came. */
export function scheduleDiff(before: readonly Session[], after: readonly Session[]): ScheduleDiff | null {
  const old = new Map(before.map((s) => [s.id, s]));
  const kept = new Set(after.map((s) => s.id));
  const moved = after.flatMap((s) => {
    const was = old.get(s.id);
    return was && (Date.parse(was.start) !== Date.parse(s.start) || Date.parse(was.end) !== Date.parse(s.end))
      ? [{ id: s.id, from: { start: was.start, end: was.end }, to: { start: s.start, end: s.end } }] : [];
  });
  const removed = before.filter((s) => !kept.has(s.id));
  const added = after.filter((s) => !old.has(s.id));
  return moved.length + removed.length + added.length === 0 ? null : { moved, removed, added };
}

/**
 * The outbox topic of a committed change of a product's reminder offsets: its buyers' reminders are planned again
 * (`at`, when it was made, names the change). No mail: the buyers are told nothing, they are reminded as now set.
 */
export const REMINDERS_CHANGED_TOPIC = 'catalogue-reminders-changed';
export type RemindersChange = { productKey: string; at: string };
export const remindersChangedMessage = (change: RemindersChange): OutboxMessage =>
  ({ topic: REMINDERS_CHANGED_TOPIC, dedupeKey: `reminders-changed:${change.productKey}:${change.at}`, payload: change });

/** The outbox row announcing a change, written in the transaction that records it. */
export const scheduleChangedMessage = (change: ScheduleChange): OutboxMessage =>
  ({ topic: SCHEDULE_CHANGED_TOPIC, dedupeKey: `schedule-changed:${change.productKey}:${change.revision}`, payload: change });

/**
 * Sessions that moved, went or came (by id) are a schedule change, numbered one above the last (`revision` so far).
 * A product given the sessions its single start stood for (the start-up migration) keeps their ids and times, so that
 * is no change; nor is a revision that leaves the sessions alone (`after` absent).
 */
export function scheduleChanges(productKey: string, revision: number, before: readonly Session[], after: Session[] | undefined, at?: string): ProductScheduleChanged[] {
  const diff = after === undefined ? null : scheduleDiff(before, after);
  return diff && after ? [{ type: 'ProductScheduleChanged', data: { productKey, revision: revision + 1, ...diff, sessions: after, ...(at ? { at } : {}) } }] : [];
}
