import { LRUCache } from 'lru-cache';
import type { RecordedEvent } from '../shared/events/index.ts';
import type { Clock } from '../shared/kernel/index.ts';
import type { SessionUser } from './sessions.ts';

/**
 * Whether this process has applied every event committed so far, on any instance: true only while no
 * notification of the log is waiting to be read (src/server/log-freshness.ts). Without it nothing is remembered.
 */
export type LogFreshness = { isCurrent(): boolean };

/** The users events concern: the owner of a user stream, or the user an event names (a purchase, an unsubscribe). */
export function usersConcerned(events: readonly RecordedEvent[]): Set<string> {
  const users = new Set<string>();
  for (const e of events) {
    if (e.streamId.startsWith('user-')) users.add(e.streamId.slice('user-'.length));
    const named = (e.data as { userId?: unknown } | null)?.userId;
    if (typeof named === 'string') users.add(named);
  }
  return users;
}

/** How long a remembered answer stands without asking the database, whatever the log says. */
const RECHECK_MS = 1000;
const MAX_SESSIONS = 20_000;

type Remembered = { userId: string; user: SessionUser | null; checkedAt: number; exp: number };

/**
 * The answer of `authenticate` per token, kept in memory so a signed-in request needs no query. It is used
 * only while the log is current: a log-out, a password change or an erasure committed on any instance notifies
 * every instance, which from that moment asks the database again until it has read the event, and the event
 * drops the user's tokens here (`forget`). A lost notification (the listening connection was down) costs at
 * most RECHECK_MS: no answer is used longer than that without the database.
 * A dead session (revoked, older token version, erased) never comes back to life, so `null` is kept too.
 */
export function createSessionMemory(freshness: LogFreshness, clock: Clock) {
  const tokensOf = new Map<string, Set<string>>();
  const byToken = new LRUCache<string, Remembered>({
    max: MAX_SESSIONS,
    dispose: (known, token) => {
      const tokens = tokensOf.get(known.userId);
      tokens?.delete(token);
      if (tokens?.size === 0) tokensOf.delete(known.userId);
    },
  });
  let generation = 0;

  return {
    /** The user (or null: not a live session) when known and still standing; undefined means "ask the database". */
    recall(token: string): SessionUser | null | undefined {
      const known = byToken.get(token);
      if (!known || !freshness.isCurrent()) return undefined;
      const now = clock().getTime();
      if (now - known.checkedAt > RECHECK_MS) return undefined;
      return known.exp * 1000 > now ? known.user : null;
    },
    /** Taken before the database is asked: an answer read while an event was being applied is not kept. */
    generation: () => generation,
    remember(token: string, at: number, answer: Omit<Remembered, 'checkedAt'>) {
      if (at !== generation || !freshness.isCurrent()) return;
      byToken.set(token, { ...answer, checkedAt: clock().getTime() });
      const tokens = tokensOf.get(answer.userId) ?? new Set<string>();
      tokensOf.set(answer.userId, tokens.add(token));
    },
    /** Drops every token of the users these events concern. */
    forget(events: readonly RecordedEvent[]) {
      const users = usersConcerned(events);
      if (users.size === 0) return;
      generation += 1;
      for (const user of users) for (const token of tokensOf.get(user) ?? []) byToken.delete(token);
    },
  };
}

export type SessionMemory = ReturnType<typeof createSessionMemory>;
