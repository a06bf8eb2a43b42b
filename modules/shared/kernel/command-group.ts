import type { GroupAppend } from '../events/append.ts';
import type { EventStore } from '../events/store.ts';
import { ConcurrencyError, type EventMetadata, type NewEvent, type OutboxMessage, type RecordedEvent } from '../events/types.ts';
import { groupLoop } from '../group-commit/index.ts';
import { concernedEach, withConcernsEach } from './concerns.ts';
import { fold, type Decider } from './decider.ts';
import type { Decided } from './types.ts';

/** How often a command is decided again because its stream moved before its append: the same on both paths. */
export const MAX_ATTEMPTS = 8;
/** Commands per group at most: the statements stay small, and a burst is cut into groups that follow each other. */
const MAX_GROUP = 64;

/**
 * Group commit of commands. Concurrent commands on different streams share ONE transaction (each command alone
 * costs five statements, and every statement is a round trip; see bench/store.ts): while a group is being written,
 * arriving commands queue and go together in the next one, and a lone command waits for nobody (one turn of the
 * event loop, as every group commit: group-commit/loop.ts). Per group: BEGIN, one read of every stream, each command decided in JS, one
 * insert of every event (store.appendGroup), the projections, one outbox insert, COMMIT, then one announcement.
 *
 * Only commands without `tx`, `prepare` or `alongside` come here (handle-command.ts): those read or write beyond
 * their stream, or belong to a transaction of the caller's, and keep the path of one command per transaction.
 */

/** A queued command, its decider's types closed over so that one group holds commands of any module. */
type Member = {
  streamId: string;
  attempt: number;
  /** Decides on the stream's history; throws the decider's refusal. */
  decide(history: readonly RecordedEvent[]): { events: NewEvent[]; metadata: EventMetadata[]; outbox: OutboxMessage[] };
  /** Answers the caller with the events recorded for its last decision (none when it changed nothing). */
  answer(recorded: RecordedEvent[]): void;
  fail(error: unknown): void;
  /** Runs the command again on its own, on the one-command path, and answers the caller from there. */
  alone(): Promise<void>;
};

const grouperOf = new WeakMap<EventStore, (member: Member) => void>();

export function inGroup<C, E extends NewEvent, S>(
  store: EventStore, decider: Decider<C, E, S>, streamId: string, command: C,
  opts: { metadata?: EventMetadata; outbox?: (events: E[], state: S) => OutboxMessage[] },
  alone: () => Promise<Decided<E, S>>,
): Promise<Decided<E, S>> {
  let enqueue = grouperOf.get(store);
  if (!enqueue) grouperOf.set(store, (enqueue = createGrouper(store)));
  return new Promise((resolve, reject) => {
    let decided: { events: E[]; state: S } = { events: [], state: decider.initialState() };
    enqueue({
      streamId,
      attempt: 1,
      decide(history) {
        const before = fold(decider, history as unknown as E[]);
        const events = decider.decide(command, before);
        const { after: state, each } = concernedEach(decider.concerns, decider.evolve, before, events, decider.evolveAll);
        decided = { events, state };
        return { events, metadata: withConcernsEach(opts.metadata, each), outbox: opts.outbox?.(events, state) ?? [] };
      },
      answer: (recorded) => resolve({ recorded, ...decided }),
      fail: reject,
      alone: () => alone().then(resolve, reject),
    });
  });
}

/** Never two commands of one stream in a group: the later one waits for the next, decided on the state after. */
function take(queued: readonly Member[]) {
  const group: Member[] = [];
  const rest: Member[] = [];
  const streams = new Set<string>();
  for (const member of queued) {
    if (group.length < MAX_GROUP && !streams.has(member.streamId)) {
      streams.add(member.streamId);
      group.push(member);
    } else rest.push(member);
  }
  return { group, rest };
}

/**
 * Commands whose stream moved go first in the next group (runGroup answers them): they came before anything
 * queued on their stream. A fault of this file fails its group, and the loop goes on regardless.
 */
const createGrouper = (store: EventStore) => groupLoop<Member>((group) => runGroup(store, group), {
  take,
  failed: (group, error) => { for (const member of group) member.fail(error); },
});

/** Writes one group and answers its callers; returns the commands to decide again (their stream moved). */
async function runGroup(store: EventStore, group: readonly Member[]): Promise<Member[]> {
  let appending: GroupAppend[] = [];
  let members: Member[] = [];
  let settle: (() => void)[] = [];
  let results: (RecordedEvent[] | null)[];
  try {
    results = await store.appendGroup(group.map((m) => m.streamId), (histories) => {
      appending = [];
      members = [];
      settle = [];
      for (const member of group) {
        const history = histories.get(member.streamId) ?? [];
        try {
          const { events, metadata, outbox } = member.decide(history);
          if (events.length === 0) { settle.push(() => member.answer([])); continue; }
          members.push(member);
          appending.push({ streamId: member.streamId, expected: history.at(-1)?.streamVersion ?? 0, events, metadata, outbox });
        } catch (error) {
          // A refusal (or any error of deciding) is that command's alone: it wrote nothing.
          settle.push(() => member.fail(error));
        }
      }
      return appending;
    });
  } catch {
    // The transaction failed as a whole (a projection's constraint, a deadlock, a serialization failure): nothing
    // of it is kept. Each command runs again alone, so an error reaches only the command that causes it.
    await Promise.all(group.map((m) => m.alone()));
    return [];
  }

  const again: Member[] = [];
  const recorded: RecordedEvent[] = [];
  const answers: { member: Member; events: RecordedEvent[] }[] = [];
  results.forEach((events, i) => {
    const member = members[i]!;
    if (events) {
      recorded.push(...events);
      answers.push({ member, events });
    } else if (member.attempt < MAX_ATTEMPTS) {
      member.attempt += 1;
      again.push(member);
    } else {
      settle.push(() => member.fail(new ConcurrencyError(member.streamId, appending[i]!.expected, -1)));
    }
  });
  for (const s of settle) s();
  // Answered only once the group is committed and every instance has been told (as the one-command path).
  try {
    await store.committed(recorded.sort((a, b) => a.position - b.position));
    for (const { member, events } of answers) member.answer(events);
  } catch (error) {
    for (const { member } of answers) member.fail(error);
  }
  return again;
}
