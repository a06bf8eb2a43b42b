import { CAMPAIGN_MAIL_TOPIC } from './delivery.ts';

/** Campaign mail has a worker of its own, so account and purchase mail never queues behind a campaign. */
export const CAMPAIGN_LANE = { topics: [CAMPAIGN_MAIL_TOPIC], leaseMs: 10_000, batchSize: 3, concurrency: 1 } as const;

/** Messages one instance sends at once when MAIL_RATE allows (the relay connections are in modules/mailing). */
const PARALLEL_SENDS = 32;

/**
 * The lane at a given MAIL_RATE: a batch is what the rate sends within a third of the lease (so claimed rows do
 * not wait out their lease in the batch), at least the default 3, at most 64; unlimited (0) claims 64 at a time.
 * Several messages are sent at once (each keeps the exactly-once steps of delivery.ts).
 */
export function campaignLane(mailRate: number, leaseMs: number = CAMPAIGN_LANE.leaseMs) {
  const batchSize = mailRate === 0 ? 64 : Math.max(CAMPAIGN_LANE.batchSize, Math.min(64, Math.floor((mailRate * leaseMs) / 3000)));
  return { ...CAMPAIGN_LANE, leaseMs, batchSize, concurrency: Math.min(PARALLEL_SENDS, batchSize) };
}
