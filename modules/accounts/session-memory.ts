import { createUserMemory, type LogFreshness } from '../shared/memory/index.ts';
import type { Clock } from '../shared/kernel/index.ts';
import type { SessionUser } from './types.ts';

const MAX_SESSIONS = 20_000;

/**
 * The answer of `authenticate` per token, kept while the log is current (modules/shared/memory): a log-out, a
 * password change or an erasure, committed on any instance, drops the user's tokens. A dead session (revoked,
 * older token version, erased) never comes back to life, so `null` is kept too; a live one turns dead at `exp`.
 */
export function createSessionMemory(freshness: LogFreshness, clock: Clock) {
  const memory = createUserMemory<{ user: SessionUser | null; exp: number }>(freshness, clock, MAX_SESSIONS);
  return {
    /** The user (or null: not a live session) when known and still standing; undefined means "ask the database". */
    recall(token: string): SessionUser | null | undefined {
      const known = memory.recall(token);
      if (!known) return undefined;
      return known.exp * 1000 > clock().getTime() ? known.user : null;
    },
    generation: memory.generation,
    remember(token: string, at: number, answer: { userId: string; user: SessionUser | null; exp: number }) {
      memory.remember(token, at, answer.userId, { user: answer.user, exp: answer.exp });
    },
    forget: memory.forget,
  };
}

export type SessionMemory = ReturnType<typeof createSessionMemory>;
