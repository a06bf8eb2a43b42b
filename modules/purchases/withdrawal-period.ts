import { warsawDaysFrom } from '../shared/text/index.ts';

/**
 * The last instant of the 14-day withdrawal period: the days are counted from the day after the purchase's date on
 * Warsaw's calendar, and the period ends with the 14th of them, at Warsaw midnight (so 14 calendar days whatever
 * the hour of purchase, and a DST change in between moves the end by no more than the clock does).
 */
export function withdrawalDeadline(purchasedAt: Date): Date {
  return warsawDaysFrom(purchasedAt, 15, 0);
}
