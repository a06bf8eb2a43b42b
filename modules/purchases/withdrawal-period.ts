/**
 * The consumer's 14-day right of withdrawal (Directive 2011/83/EU Art. 9; ustawa o prawach konsumenta Art. 27, 30):
 * when it ends, and which consents a checkout therefore needs. Counted on Warsaw's calendar, so a daylight-saving
 * change inside the period moves no boundary by an hour.
 */
import { warsawDaysFrom } from '../shared/text/index.ts';

/** The period's length in days, counted from the day after the purchase's Warsaw date. */
const WITHDRAWAL_DAYS = 14;

/**
 * The instant the period ends (exclusive): Warsaw midnight at the end of the 14th day after the purchase's Warsaw
 * date. A purchase on 1 November (any time that Warsaw day) may be withdrawn from until 15 November 23:59:59.999.
 */
export const withdrawalDeadline = (purchasedAt: Date): Date => warsawDaysFrom(purchasedAt, WITHDRAWAL_DAYS + 1, 0, 0);

/** The period's last day, as an instant inside it (for writing its Warsaw date in a mail or on a page). */
export const lastDayOfWithdrawal = (purchasedAt: Date): Date => new Date(withdrawalDeadline(purchasedAt).getTime() - 1);

/**
 * The consents a checkout may carry:
 * - `earlyStart`: the buyer's express request that the live service start within the period, acknowledging that
 *   the right ends once it has been fully performed and that a withdrawal after the start pays for what was provided
 *   (Art. 8(8), 14(3), 16(a); ustawa Art. 35, 38 ust. 1 pkt 1);
 * - `recordingEarly`: consent to receive the recording (digital content) within the period, acknowledging that the
 *   right is then lost (Art. 16(m); ustawa Art. 38 ust. 1 pkt 13).
 */
const CONSENT_KINDS = ['earlyStart', 'recordingEarly'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** What of a product the rule reads: when its live part runs, and whether a recording comes with it. */
type Performance = { liveAt: Date; liveEndsAt: Date; recordingAvailable: boolean };

/**
 * Which consents a purchase at `purchasedAt` needs. `earlyStart` when some of the live service is still to come and
 * it starts before the period ends (a service already under way counts: the buyer joins the rest of it); none for a
 * live part already over, which is sold for its recording only. `recordingEarly` whenever a recording is included:
 * it is delivered at once, inside the period. Always in the order of CONSENT_KINDS.
 */
export function consentsNeeded(product: Performance, purchasedAt: Date): ConsentKind[] {
  const liveStillToCome = purchasedAt < product.liveEndsAt;
  const startsInPeriod = product.liveAt < withdrawalDeadline(purchasedAt);
  return [
    ...(liveStillToCome && startsInPeriod ? ['earlyStart' as const] : []),
    ...(product.recordingAvailable ? ['recordingEarly' as const] : []),
  ];
}
