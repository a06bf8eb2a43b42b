import type { Product } from '../catalogue/index.ts';
import { toWarsawInput, warsawDaysFrom } from '../shared/text/index.ts';
import type { Currency } from './ports.ts';
import { withdrawalDeadline, type ConsentKind } from './withdrawal-period.ts';

/** What the rule needs to know about a paid purchase. */
export type RightPurchase = {
  paidAt: Date; amountMinor: number; currency: Currency;
  /** Consents recorded with the checkout; none recorded reads as none given. */
  consents: readonly ConsentKind[];
  playbackStartedAt: Date | null;
};
export type RightProduct = Pick<Product, 'startsAt' | 'days' | 'dailyEnd' | 'recordingAvailable'>;

export type RightEnded = 'period-over' | 'service-performed' | 'recording-opened';
export type WithdrawalRight =
  | { open: true; deadline: Date; underWay: boolean; proRataMinor: number; refundMinor: number; currency: Currency }
  | { open: false; deadline: Date; ended: RightEnded };

const hhmm = (clock: string) => clock.split(':').map(Number) as [number, number];

/**
 * The live sessions of an event: each of its `days` runs from the start's wall-clock time to `dailyEnd` on Warsaw's
 * clock (a day's break is not subtracted: the catalogue's break is within the session the buyer was given).
 */
export function sessionsOf(product: Pick<Product, 'startsAt' | 'days' | 'dailyEnd'>): { start: Date; end: Date }[] {
  const startsAt = new Date(product.startsAt);
  const [sh, sm] = hhmm(toWarsawInput(startsAt.toISOString()).slice(11, 16));
  const [eh, em] = hhmm(product.dailyEnd);
  return Array.from({ length: Math.max(1, product.days) }, (_, day) => {
    const start = warsawDaysFrom(startsAt, day, sh, sm);
    const end = warsawDaysFrom(startsAt, day, eh, em);
    return { start, end: end > start ? end : start };
  });
}

/**
 * The share of a live service provided by `now`: elapsed session time over the whole schedule's session time
 * (so half of a one-day seminar, or two of five training days, are counted as such), in parts of `amountMinor`,
 * rounded down in the buyer's favour (Art. 35 of the Directive: the buyer pays for what was provided).
 */
export function proRata(product: Pick<Product, 'startsAt' | 'days' | 'dailyEnd'>, amountMinor: number, now: Date): number {
  const sessions = sessionsOf(product);
  const total = sessions.reduce((sum, s) => sum + (s.end.getTime() - s.start.getTime()), 0);
  const given = sessions.reduce((sum, s) => sum + Math.min(Math.max(now.getTime() - s.start.getTime(), 0), s.end.getTime() - s.start.getTime()), 0);
  return total > 0 ? Math.floor((amountMinor * given) / total) : 0;
}

/**
 * Whether the buyer may still withdraw (the Directive's Art. 9, 16(a) and 16(m); ustawa o prawach konsumenta Art. 38):
 * open until the end of the period (withdrawalDeadline) unless it ended earlier: a live service the buyer asked to start
 * early ends the right once fully performed (its last session's end); a recording received with the consent to get it
 * early ends it once playback started. A purchase made after the live event's end bought the recording only. Without
 * the consents the right stays open for the whole period; a withdrawal from a service under way pays its share.
 */
export function withdrawalRight(purchase: RightPurchase, product: RightProduct, now: Date): WithdrawalRight {
  const deadline = withdrawalDeadline(purchase.paidAt);
  if (now >= deadline) return { open: false, deadline, ended: 'period-over' };
  const serviceEnd = sessionsOf(product).at(-1)!.end;
  const live = purchase.paidAt < serviceEnd;
  if (live && purchase.consents.includes('earlyStart') && now >= serviceEnd) return { open: false, deadline, ended: 'service-performed' };
  const played = purchase.playbackStartedAt !== null && purchase.playbackStartedAt <= now;
  if (product.recordingAvailable && purchase.consents.includes('recordingEarly') && played) return { open: false, deadline, ended: 'recording-opened' };
  const proRataMinor = live ? proRata(product, purchase.amountMinor, now) : 0;
  const underWay = live && now >= new Date(product.startsAt);
  return { open: true, deadline, underWay, proRataMinor, refundMinor: purchase.amountMinor - proRataMinor, currency: purchase.currency };
}
