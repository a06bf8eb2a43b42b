import type { ExpressionBuilder } from 'kysely';
import type { PurchasesTables } from './schema.ts';

/**
 * Access rules from the terms (spec sections 1 and 9), as pure functions of time, and the same access window
 * as the SQL condition the read model is queried with: tests run both on each side of every boundary.
 * (Whether an event is over, 24 hours after its start, is the catalogue's rule: it reaches us through a port.)
 */
export const ACCESS_DAYS_AFTER_LIVE = 90;
const DAY = 86_400_000;

/** A purchase gives access until 90 days after the event's live date. */
export const accessUntil = (liveAt: Date): Date => new Date(liveAt.getTime() + ACCESS_DAYS_AFTER_LIVE * DAY);

/** Inside the access window: paid at or before `now`, and `now` before the window's end. */
export const hasAccess = (purchase: { paidAt: Date | null; accessUntil: Date | null }, now: Date): boolean =>
  purchase.paidAt !== null && purchase.accessUntil !== null && purchase.paidAt <= now && now < purchase.accessUntil;

/** `hasAccess` as a condition on paid rows of the purchases read model. */
export const withinAccessWindow = (at: Date) => (eb: ExpressionBuilder<PurchasesTables, 'purchases'>) =>
  eb.and([eb('status', '=', 'paid'), eb('paid_at', '<=', at), eb('access_until', '>', at)]);

/**
 * Selling stops once a new buyer would get no access at all; a product with a recording stays on sale, since its
 * buyer's window runs from the purchase once the live part is over (`accessUntilFor`: archive recordings, issue 34).
 */
export const isOnSale = (liveAt: Date, now: Date, recordingAvailable = false): boolean => recordingAvailable || now < accessUntil(liveAt);

/**
 * The access window of a purchase (or grant) made at `at`: 90 days after the live part's end (`liveEnd`); for a
 * product with a recording bought after that end, which is bought for its recording (an archive recording of a past
 * event), 90 days after the purchase, so no buyer of a recording gets less than the 90 days a live buyer keeps.
 */
export function accessUntilFor(p: LiveTimes & { recordingAvailable?: boolean | undefined }, at: Date): Date {
  const liveEnd = liveEndOf(p);
  return accessUntil(p.recordingAvailable === true && at > liveEnd ? at : liveEnd);
}

type LiveTimes = { liveAt: Date; liveEndsAt?: Date | undefined; sessions?: readonly { end: Date }[] | undefined };

/**
 * When the live part ends (issue 24): the last session's end, else `liveEndsAt`, else the start. The access window
 * and the 24-hour rule count from it, so a 6-day training's owners keep it 90 days from its sixth day.
 */
export const liveEndOf = (p: LiveTimes): Date =>
  (p.sessions && p.sessions.length > 0 ? new Date(Math.max(...p.sessions.map((s) => s.end.getTime()))) : p.liveEndsAt ?? p.liveAt);
