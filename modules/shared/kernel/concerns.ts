import type { EventMetadata, NewEvent, RecordedEvent } from '../events/types.ts';

/**
 * Which users an event concerns: the people whose answers it changes (their sessions, what they own, the pages
 * shown to them), so that what is remembered for them is dropped on every instance the moment it commits.
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
 * The kernel works the answer out when it appends and keeps it in the events' metadata (`concerns`), so whoever
 * reads the log later, on any instance, knows it without the module (usersConcerned).
 */
export type Concerns<E extends NewEvent, S> = {
  readonly [T in E['type']]: (event: Extract<E, { type: T }>, state: S) => readonly (string | null | undefined)[];
};

/** The declaration of an event that changes no user's view (a product, an article, a contact message). */
export const nobody = (): readonly string[] => [];

/** The metadata key the kernel keeps the concerned users' ids under. */
const KEY = 'concerns';

/** The users `events` concern, each after `before` (the stream's state before the first), as the declaration says. */
export function concernedBy<E extends NewEvent, S>(
  declared: Concerns<E, S>, evolve: (state: S, event: E) => S, before: S, events: readonly E[],
): string[] {
  const users = new Set<string>();
  let state = before;
  for (const event of events) {
    state = evolve(state, event);
    const of = (declared as unknown as Record<string, ((event: E, state: S) => readonly (string | null | undefined)[]) | undefined>)[event.type];
    // The types make a missing entry a compile error; this catches a stream typed around them (`as`).
    if (!of) throw new Error(`event type ${event.type} does not declare which users it concerns (Decider.concerns)`);
    for (const user of of(event, state)) if (user) users.add(user);
  }
  return [...users].sort();
}

/** The append's metadata with the users its events concern. */
export const withConcerns = (metadata: EventMetadata | undefined, users: readonly string[]): EventMetadata =>
  ({ ...metadata, [KEY]: users });

/** The users committed events concern, as the kernel recorded them when it appended them (any instance). */
export function usersConcerned(events: readonly RecordedEvent[]): Set<string> {
  const users = new Set<string>();
  for (const e of events) {
    const named = e.metadata?.[KEY];
    if (Array.isArray(named)) for (const user of named) if (typeof user === 'string') users.add(user);
  }
  return users;
}
