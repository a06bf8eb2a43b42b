import { ConcurrencyError, type OutboxMessage, type RecordedEvent, type Tx } from '../shared/events/index.ts';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { decide, evolve, initialState, userStream, type UserCommand, type UserEvent, type UserState } from './user.ts';

export type HandleOptions = {
  /** Writes beside the events in the same transaction (personal data, password hash). */
  alongside?: (tx: Tx) => Promise<void>;
  /** Mail caused by the new events, written to the outbox in the same transaction. */
  outbox?: (events: RecordedEvent[], state: UserState) => OutboxMessage[];
  actor?: string | null;
};

/**
 * Load → decide → append for one user's stream. A concurrent writer (two clicks on one link) makes the
 * append fail; the command is then decided again on the fresh state, so a link is never used twice.
 * Throws UserRuleError when the decision refuses.
 */
export async function handleUserCommand(ctx: ModuleContext, userId: string, command: UserCommand, opts: HandleOptions = {}): Promise<UserEvent[]> {
  const stream = userStream(userId);
  for (let attempt = 1; ; attempt++) {
    const recorded = await ctx.store.readStream(stream);
    const state = recorded.reduce((s, e) => evolve(s, e as unknown as UserEvent), initialState());
    const events = decide(command, state);
    if (events.length === 0) return [];
    try {
      const appended = await ctx.db.transaction().execute(async (tx) => {
        await opts.alongside?.(tx);
        return ctx.store.append(stream, recorded.length, events, {
          tx,
          metadata: { actor: opts.actor ?? null },
          outbox: (done) => opts.outbox?.(done, state) ?? [],
        });
      });
      ctx.store.committed(appended.events);
      return events;
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      throw error;
    }
  }
}
