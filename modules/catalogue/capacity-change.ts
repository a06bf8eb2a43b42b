/**
 * A change of a product's capacity, announced through the outbox in the transaction that records it (as a schedule
 * change is, schedule-change.ts): a capacity raised frees seats the waiting list is owed, and whoever sells the seats
 * offers them (src/server/modules.ts hands the topic to purchases). Announced whether raised or lowered: the offer
 * step finds what is free, and a row lost to no crash leaves no seat unoffered until the next checkout or expiry.
 */
import type { OutboxMessage } from '../shared/events/index.ts';

export const CAPACITY_CHANGED_TOPIC = 'catalogue-capacity-changed';

/** The product and when its capacity changed (`at` names the change: with the capacity, one row per save). */
export type CapacityChange = { productKey: string; capacity: number; at: string };

export const capacityChangedMessage = (change: CapacityChange): OutboxMessage =>
  ({ topic: CAPACITY_CHANGED_TOPIC, dedupeKey: `capacity-changed:${change.productKey}:${change.capacity}:${change.at}`, payload: change });
