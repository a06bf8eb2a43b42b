import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../events/types.ts';
import type { Concerns } from './concerns.ts';

/**
 * One stream's rules as pure functions: `decide` answers a command with the events it causes (none when
 * it changes nothing, as for a repeated webhook) or throws a DomainError naming the rule it breaks;
 * `evolve` folds an event into the state. No I/O and no clock: time and ids arrive in the command.
 */
export type Decider<Command, Event extends NewEvent, State> = {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  /**
   * Optional: the state after every event of `events` in turn, as evolving one at a time gives, in one step. For a
   * stream whose history or one decision holds thousands of events (a session's attendance), where an `evolve` that
   * copies its state would copy it once per event: n × n. The declared `concerns` then read the state after them all.
   */
  evolveAll?(state: State, events: readonly Event[]): State;
  initialState(): State;
  /** Per event type, the users it concerns (concerns.ts): every type of `Event` must say, or this does not compile. */
  concerns: Concerns<Event, State>;
};

/**
 * The one way a command is refused: a code from the module's vocabulary (`checkout-mismatch`,
 * `link-expired`) plus data for the caller. The web edge maps each code to a status and a message.
 */
export class DomainError<Code extends string = string> extends Error {
  override readonly name = 'DomainError';
  readonly code: Code;
  readonly data: Readonly<Record<string, unknown>>;
  constructor(code: Code, data: Record<string, unknown> = {}) {
    super(code);
    this.code = code;
    this.data = data;
  }
}

export const isDomainError = <Code extends string>(error: unknown, ...codes: Code[]): error is DomainError<Code> =>
  error instanceof DomainError && (codes.length === 0 || (codes as string[]).includes(error.code));

/** Where "now" comes from: the system clock in the server, a fixed instant in tests. */
export type Clock = () => Date;
/** Where new ids come from: random UUIDs in the server, a counter in tests. */
export type IdSource = () => string;
/** How a module pauses (between two polls): real timers in the server; in tests, a fixed clock moved at once. */
export type Wait = (ms: number) => Promise<void>;

export const systemClock: Clock = () => new Date();
export const systemWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const randomIds: IdSource = () => randomUUID();

/**
 * A fixed clock that can be moved, for tests. Its `wait` moves it by the time asked and returns at once, so code that
 * polls until a deadline reaches the deadline without the test sleeping.
 */
export function fixedClock(at: string | Date) {
  let now = new Date(at);
  const clock: Clock & { set(at: string | Date): void; advance(ms: number): void; wait: Wait } = Object.assign(() => new Date(now), {
    set(next: string | Date) { now = new Date(next); },
    advance(ms: number) { now = new Date(now.getTime() + ms); },
    wait: async (ms: number) => { now = new Date(now.getTime() + ms); },
  });
  return clock;
}

/** The state a stream's events fold into. */
export const fold = <C, E extends NewEvent, S>(decider: Decider<C, E, S>, events: readonly E[]): S =>
  decider.evolveAll ? decider.evolveAll(decider.initialState(), events)
    : events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
