import { LRUCache } from 'lru-cache';
import type { RecordedEvent } from '../events/index.ts';
import { usersConcerned, type Clock } from '../kernel/index.ts';
import { createInvalidation } from './invalidation.ts';

/**
 * Whether this process has applied every event committed so far, on any instance: true only while no
 * notification of the log is waiting to be read (src/server/log-freshness.ts). Without it nothing is remembered.
 */
export type LogFreshness = { isCurrent(): boolean };

/** How long a remembered answer stands without asking the database, whatever the log says. */
export const RECHECK_MS = 1000;

type Remembered<V> = { userId: string; value: V; checkedAt: number };

/**
 * Answers about one user kept in memory so a request needs no query, used only while the log is current: an
 * event committed on any instance notifies every instance, which from that moment asks the database again until
 * it has read the event, and the event drops what is kept for the users it concerns (`forget`; whom an event
 * concerns is declared with its stream's decider, modules/shared/kernel/concerns.ts). A lost
 * notification (the listening connection was down) costs at most RECHECK_MS. An answer read from the database
 * while an event was being applied (invalidation.ts) or while the log was behind is not kept.
 */
export function createUserMemory<V>(freshness: LogFreshness, clock: Clock, max: number) {
  const keysOf = new Map<string, Set<string>>();
  const byKey = new LRUCache<string, Remembered<V>>({
    max,
    dispose: (known, key) => {
      const keys = keysOf.get(known.userId);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(known.userId);
    },
  });
  const invalidation = createInvalidation();

  return {
    /** The value when known and still standing; undefined means "ask the database". */
    recall(key: string): V | undefined {
      const known = byKey.get(key);
      if (!known || !freshness.isCurrent() || clock().getTime() - known.checkedAt > RECHECK_MS) return undefined;
      return known.value;
    },
    /** Taken before the database is asked, handed to `remember`. */
    generation: invalidation.ticket,
    remember(key: string, at: number, userId: string, value: V) {
      if (!invalidation.holds(at) || !freshness.isCurrent()) return;
      byKey.set(key, { userId, value, checkedAt: clock().getTime() });
      const keys = keysOf.get(userId) ?? new Set<string>();
      keysOf.set(userId, keys.add(key));
    },
    /** Drops what is kept for every user these events concern. */
    forget(events: readonly RecordedEvent[]) {
      const users = usersConcerned(events);
      if (users.size === 0) return;
      invalidation.invalidate();
      for (const user of users) for (const key of keysOf.get(user) ?? []) byKey.delete(key);
    },
  };
}

export type UserMemory<V> = ReturnType<typeof createUserMemory<V>>;
