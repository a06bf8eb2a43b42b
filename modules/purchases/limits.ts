import { clientKey, type Count, type Limit, type RateLimiter } from '../shared/rate-limit/index.ts';

/** Checkout starts allowed per buyer and per client address (an office or a household shares one). */
export type CheckoutLimits = { perUser: Limit; perIp: Limit };

/**
 * Each checkout start asks the provider for a session (and closes the buyer's older ones there), so a burst costs
 * the shop requests at Stripe and its rate limit. A buyer changing currency or coming back to pay needs a handful.
 */
export const defaultCheckoutLimits: CheckoutLimits = {
  perUser: { max: 10, windowSeconds: 600 },
  perIp: { max: 60, windowSeconds: 600 },
};

/** The counters one checkout start bumps: its buyer's, and its client's when the caller's address is known. */
export function checkoutCounts(limits: CheckoutLimits, userId: string, ip: string | undefined): Count[] {
  return [
    { bucket: ['purchases:checkout:user', userId], limit: limits.perUser },
    ...(ip === undefined ? [] : [{ bucket: ['purchases:checkout:ip', clientKey(ip)], limit: limits.perIp }]),
  ];
}

/** What checkout needs to count attempts: the shared counters (in the database, so every instance sees them) and the limits. */
export type CheckoutLimiter = { limiter: RateLimiter; limits: CheckoutLimits };
