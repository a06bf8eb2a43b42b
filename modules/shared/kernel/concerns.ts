import type { EventMetadata, NewEvent, RecordedEvent } from '../events/types.ts';

/**
 * Which users an event concerns: the people whose answers it changes (their sessions, what they own, the pages
 * shown to them), so that what is remembered for them is dropped on every instance the moment it commits, and so
 * that whatever is kept about a person can be found by their id (an account's deletion).
 *
 * Declared per event type, beside the events, as part of the stream's decider (`Decider.concerns`): the map names
 * every type of the stream's event union, so a new event that does not say whom it concerns does not compile.
 * Each entry gets the event and the stream's state after it (an event that names no user, like PlaybackStarted,
 * finds its buyer there), and answers the user ids; `nobody` for an event that changes no user's view.
 *
 *   concerns: {
 *     PurchaseCompleted: (e) => [e.data.userId],
 *     PlaybackStarted: (_e, state) => buyerOf(state),
 *     ArticlePublished: nobody,
 *   }
 *
 * The kernel works the answer out for each event when it appends and keeps it in that event's own metadata
 * (`concerns`), so whoever reads the log later, on any instance, knows it without the module (usersConcerned).
 * Each event names only its own users: one decision of 5,000 events (a session's "all present") would otherwise
 * carry the 5,000 users on each of them, n × n in time and bytes (bench/README.md, "attendance").
 */
export type Concerns<E extends NewEvent, S> = {
  readonly [T in E['type']]: (event: Extract<E, { type: T }>, state: S) => readonly (string | null | undefined)[];
};

/** The declaration of an event that changes no user's view (a product, an article, a contact message). */
export const nobody = (): readonly string[] => [];

/** The metadata key the kernel keeps the concerned users' ids under. */
const KEY = 'concerns';

type Declared<E extends NewEvent, S> = Concerns<E, S>;
type Of<E, S> = (event: E, state: S) => readonly (string | null | undefined)[];

function usersOf<E extends NewEvent, S>(declared: Declared<E, S>, event: E, state: S): string[] {
  const of = (declared as unknown as Record<string, Of<E, S> | undefined>)[event.type];
  // The types make a missing entry a compile error; this catches a stream typed around them (`as`).
  if (!of) throw new Error(`event type ${event.type} does not declare which users it concerns (Decider.concerns)`);
  const users = new Set<string>();
  for (const user of of(event, state)) if (user) users.add(user);
  return [...users].sort();
}

/**
 * One pass over a decision's events: the state after them, and the users each one concerns (after it, as declared).
 * `evolveAll`, when the stream has it, folds them in one step instead (a decision of thousands of events would
 * copy the state once per event); each event's declaration then reads the state after the whole decision.
 */
export function concernedEach<E extends NewEvent, S>(
  declared: Declared<E, S>, evolve: (state: S, event: E) => S, before: S, events: readonly E[],
  evolveAll?: (state: S, events: readonly E[]) => S,
): { after: S; each: string[][] } {
  if (evolveAll) {
    const after = evolveAll(before, events);
    return { after, each: events.map((event) => usersOf(declared, event, after)) };
  }
  let state = before;
  const each = events.map((event) => usersOf(declared, event, (state = evolve(state, event))));
  return { after: state, each };
}

/** Each event's metadata: what the command gives (actor, request) with that event's own concerned users. */
export const withConcernsEach = (metadata: EventMetadata | undefined, each: readonly (readonly string[])[]): EventMetadata[] =>
  each.map((users) => ({ ...metadata, [KEY]: users }));

/** The users committed events concern, as the kernel recorded them when it appended them (any instance). */
export function usersConcerned(events: readonly RecordedEvent[]): Set<string> {
  const users = new Set<string>();
  for (const e of events) {
    const named = e.metadata?.[KEY];
    if (Array.isArray(named)) for (const user of named) if (typeof user === 'string') users.add(user);
  }
  return users;
}
