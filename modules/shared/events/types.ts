import type { Transaction } from 'kysely';
import type { SharedTables } from '../db/schema.ts';

/** An event as a module produces it: plain typed data, no personal data in `data`. */
export type NewEvent<T extends string = string, D = unknown> = { type: T; data: D };

export type EventMetadata = { actor?: string | null; requestId?: string | null; [key: string]: unknown };

/** An event as the log holds it. */
export type RecordedEvent<T extends string = string, D = unknown> = NewEvent<T, D> & {
  position: number;
  streamId: string;
  streamVersion: number;
  metadata: EventMetadata;
  recordedAt: Date;
};

/** `number`: the stream must be at exactly that version (0 = does not exist yet). */
export type ExpectedVersion = number | 'any';

export type Tx = Transaction<SharedTables>;

/**
 * A read model updater. Runs inside the append's transaction and again, in log order, on rebuild.
 * `Own` names the module's tables it writes; the store holds every module's projections. It reads and writes
 * only its own tables, so projections are independent of each other (a rebuild runs them one after another).
 */
export type Projection<Own = any> = {
  name: string;
  /** Tables this projection owns: emptied before a rebuild. */
  tables: readonly string[];
  apply(tx: Transaction<SharedTables & Own>, event: RecordedEvent): Promise<void>;
  /**
   * Optional, for a rebuild: exactly what `apply` of each of `events` in turn would do, in fewer statements
   * (one round trip per event is most of a rebuild's time).
   */
  applyAll?(tx: Transaction<SharedTables & Own>, events: readonly RecordedEvent[]): Promise<void>;
};

/** A side effect to perform after commit, at most once per `dedupeKey`. */
/**
 * `notBefore`: timed work (a reminder) is not delivered before this instant; absent, at once. A failed attempt's
 * time to give up counts from it, not from when the row was written.
 */
export type OutboxMessage = { topic: string; dedupeKey: string; payload: unknown; notBefore?: Date };

export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  /** The stream's version when the append was refused; -1 when a concurrent writer won the race. */
  readonly actual: number;
  constructor(streamId: string, expected: ExpectedVersion, actual: number) {
    super(`stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}
