/** Access rules from the terms (spec sections 1 and 9), as pure functions of time. */

export const ACCESS_DAYS_AFTER_LIVE = 90;
export const EVENT_OVER_AFTER_HOURS = 24;
const DAY = 86_400_000;

/** A purchase gives access until 90 days after the event's live date. */
export const accessUntil = (liveAt: Date): Date => new Date(liveAt.getTime() + ACCESS_DAYS_AFTER_LIVE * DAY);

export const hasAccess = (purchase: { paidAt: Date | null; accessUntil: Date | null }, now: Date): boolean =>
  purchase.paidAt !== null && purchase.accessUntil !== null && purchase.paidAt <= now && now < purchase.accessUntil;

/** 24 hours after the start the watch page turns to the recording, or to "the event has already taken place". */
export const isEventOver = (liveAt: Date, now: Date): boolean => now.getTime() >= liveAt.getTime() + EVENT_OVER_AFTER_HOURS * 3_600_000;

/** Selling stops once a new buyer would get no access at all. */
export const isOnSale = (liveAt: Date, now: Date): boolean => now < accessUntil(liveAt);
