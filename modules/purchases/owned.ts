import type { RecordedEvent } from '../shared/events/index.ts';
import type { Clock } from '../shared/kernel/index.ts';
import { createUserMemory, type LogFreshness } from '../shared/memory/index.ts';
import { hasAccess } from './access.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import type { PurchasesTables } from './schema.ts';

type Paid = { key: string; paidAt: Date | null; accessUntil: Date | null };

const MAX_USERS = 20_000;

/**
 * What a user may watch, for the pages that mark owned items: their paid purchases, read once and kept in memory
 * while the log is current (modules/shared/memory; any event naming the user, like a payment, drops them), then
 * judged against the clock at each question with the access rule itself, so a window that ends needs no event.
 */
export function ownedReads(db: ModuleDb<PurchasesTables>, clock: Clock, log: LogFreshness | undefined) {
  const memory = log ? createUserMemory<Paid[]>(log, clock, MAX_USERS) : null;

  async function paidOf(userId: string): Promise<Paid[]> {
    const known = memory?.recall(userId);
    if (known) return known;
    const at = memory?.generation() ?? 0;
    const rows = await db.selectFrom('purchases').select(['product_key', 'paid_at', 'access_until'])
      .where('user_id', '=', userId).where('status', '=', 'paid').execute();
    const paid = rows.map((r) => ({ key: r.product_key, paidAt: r.paid_at && new Date(r.paid_at), accessUntil: r.access_until && new Date(r.access_until) }));
    memory?.remember(userId, at, userId, paid);
    return paid;
  }

  const open = async (userId: string, now: Date) => (await paidOf(userId)).filter((p) => hasAccess(p, now));

  return {
    /** Keys of the products a user may watch now (paid, inside the access window). */
    async ownedKeys(userId: string): Promise<string[]> {
      return [...new Set((await open(userId, clock())).map((p) => p.key))];
    },
    /** The end of `userId`'s access to one product when they may watch it now (the latest open window), else null. */
    async accessUntil(userId: string, productKey: string): Promise<Date | null> {
      const ends = (await open(userId, clock())).filter((p) => p.key === productKey).map((p) => p.accessUntil!.getTime());
      return ends.length > 0 ? new Date(Math.max(...ends)) : null;
    },
    /** When what `userId` may watch next changes by the clock alone: the soonest end of a window open now (null: none open). */
    async accessChangesAt(userId: string): Promise<Date | null> {
      const ends = (await open(userId, clock())).map((p) => p.accessUntil!.getTime());
      return ends.length > 0 ? new Date(Math.min(...ends)) : null;
    },
    /** Events committed by any instance: what is kept for the users they concern is read again. */
    forget: (events: readonly RecordedEvent[]) => memory?.forget(events),
  };
}
