import type { Kysely, Transaction } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import type { EventStore } from '../events/store.ts';
import type { EventMetadata, NewEvent, OutboxMessage, RecordedEvent } from '../events/types.ts';

/** The database (typed with the module's own tables, `Own`) and the event store a command runs against. */
export type CommandDeps<Own = unknown> = { db: Kysely<SharedTables & Own>; store: EventStore };
export type OwnTx<Own> = Transaction<SharedTables & Own>;

export type Decided<E extends NewEvent, S> = {
  /** Events recorded by this command (on its stream and, through `alongside`, on others). */
  recorded: RecordedEvent[];
  /** The events the decider returned; empty when the command changed nothing. */
  events: E[];
  /** The stream's state after them. */
  state: S;
};

export type CommandOptions<C, E extends NewEvent, S, Own = unknown> = {
  metadata?: EventMetadata;
  /** Side effects of the decided events (mail), written to the outbox in the same transaction. */
  outbox?: (events: E[], state: S) => OutboxMessage[];
  /**
   * Reads inside the transaction before deciding, to complete the command (e.g. who already owns the
   * product): whatever it reads commits or retries together with the append. It may also write what must exist only
   * with the events, such as a document number (modules/shared/numbering): kept only when the decision records
   * events, rolled back with a refusal, a retry or a decision of nothing.
   */
  prepare?: (tx: OwnTx<Own>, command: C, state: S) => Promise<C>;
  /** Writes beside the events in the same transaction (personal data kept out of events, another stream's claim). */
  alongside?: (tx: OwnTx<Own>, events: E[], state: S) => Promise<RecordedEvent[] | void>;
  /** Join a transaction the caller holds: no retry here, the caller's transaction retries as a whole. */
  tx?: OwnTx<Own>;
};
