import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SharedTables } from '../db/schema.ts';
import type { OutboxMessage } from '../events/types.ts';

/**
 * The outbox table is the kernel's: modules write it only through these functions (the architecture test holds
 * them to it), so what a row's columns mean (status, claim, dedupe key) is known in one place.
 */

/** Any database or transaction whose tables include the shared ones (a module's own view of it, `Own`). */
type Db<Own> = Kysely<SharedTables> | Kysely<SharedTables & Own>;
const shared = <Own>(db: Db<Own>) => db as unknown as Kysely<SharedTables>;

/** Rows per statement: a campaign writes a row per recipient, and one statement takes at most 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

/**
 * Queues messages, once per dedupe key (a key already queued, delivered or not, is kept as it is). A timed one
 * (`notBefore`) is first claimed at that instant: its first attempt is due then.
 */
export async function addToOutbox<Own>(db: Db<Own>, messages: readonly OutboxMessage[]): Promise<void> {
  for (let from = 0; from < messages.length; from += ROWS_PER_INSERT) {
    await shared(db).insertInto('outbox').values(messages.slice(from, from + ROWS_PER_INSERT).map((m) => ({
      topic: m.topic, dedupe_key: m.dedupeKey, payload: JSON.stringify(m.payload),
      next_attempt_at: m.notBefore ?? sql<Date>`now()`, not_before: m.notBefore ?? null,
    }))).onConflict((c) => c.column('dedupe_key').doNothing()).execute();
  }
}

/**
 * Queues timed messages as `addToOutbox` does, and moves one still pending under the same dedupe key to its new time
 * (timed work whose moment changed, e.g. a reminder of a session moved earlier): its not-before time and next attempt
 * become the new ones. A row claimed at this moment is left to its handler, which reads the moment again; a delivered
 * one stays delivered (what was sent is the sender's ledger's business, not the queue's).
 */
export async function addOrReschedule<Own>(db: Db<Own>, messages: readonly OutboxMessage[]): Promise<void> {
  for (let from = 0; from < messages.length; from += ROWS_PER_INSERT) {
    await shared(db).insertInto('outbox').values(messages.slice(from, from + ROWS_PER_INSERT).map((m) => ({
      topic: m.topic, dedupe_key: m.dedupeKey, payload: JSON.stringify(m.payload),
      next_attempt_at: m.notBefore ?? sql<Date>`now()`, not_before: m.notBefore ?? null,
    }))).onConflict((c) => c.column('dedupe_key').doUpdateSet({
      next_attempt_at: sql<Date>`excluded.next_attempt_at`, not_before: sql<Date | null>`excluded.not_before`,
    }).where(sql<boolean>`outbox.status = 'pending' and (outbox.claimed_until is null or outbox.claimed_until < now())`)).execute();
  }
}

const mentions = (column: 'payload' | 'last_error', text: string) =>
  sql<boolean>`position(${text.trim().toLowerCase()} in lower(${sql.ref(column)}::text)) > 0`;

/**
 * Blanks every message whose payload or last error mentions `text`, compared case-insensitively (an erased
 * person's address): delivered or not, it is marked done, so a pending one is not sent any more, and the row
 * stays so its dedupe key still holds.
 */
export async function eraseMessagesMentioning<Own>(db: Db<Own>, text: string): Promise<void> {
  await shared(db).updateTable('outbox')
    .set({ payload: JSON.stringify({ erased: true }), last_error: null, status: 'done', done_at: sql`coalesce(done_at, now())`, claimed_until: null, claim_token: null })
    .where((eb) => eb.or([mentions('payload', text), mentions('last_error', text)])).execute();
}

/** Extends a claim on a row for another `leaseMs`; false when the claim is no longer ours (or the row is settled). */
export async function renewClaim<Own>(db: Db<Own>, outboxId: number, claimToken: string, leaseMs: number): Promise<boolean> {
  const renewed = await shared(db).updateTable('outbox')
    .set({ claimed_until: sql<Date>`now() + ${sql.lit(`${leaseMs} milliseconds`)}::interval` })
    .where('id', '=', outboxId).where('claim_token', '=', claimToken).where('status', '=', 'pending').executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/**
 * ONE statement that marks claimed rows done (as the worker does; only those still claimed by the given token)
 * after `before`, a data-modifying WITH item of the caller's own tables (`name as (insert …)`), so a handler's
 * bookkeeping and its rows' completion commit together. Answers the ids marked done.
 */
export function completeClaimsAfter(before: RawBuilder<unknown>, claims: readonly { outboxId: number; claimToken: string }[]): RawBuilder<{ id: number | string }> {
  return sql<{ id: number | string }>`
    with ${before}
    update outbox set status = 'done', done_at = now(), claimed_until = null, last_error = null
    from unnest(${claims.map((c) => c.outboxId)}::bigint[], ${claims.map((c) => c.claimToken)}::text[]) as t(id, claim_token)
    where outbox.id = t.id and outbox.claim_token = t.claim_token and outbox.status = 'pending'
    returning outbox.id`;
}

/**
 * Hands a claimed row back to be delivered at `until` instead (timed work whose moment moved later, e.g. a session
 * rescheduled): unclaimed, its attempt not counted, its not-before time moved. False when the claim is no longer ours.
 */
export async function postponeClaim<Own>(db: Db<Own>, outboxId: number, claimToken: string, until: Date): Promise<boolean> {
  const postponed = await shared(db).updateTable('outbox')
    .set({ next_attempt_at: until, not_before: until, claimed_until: null, claim_token: null, attempts: sql`greatest(attempts - 1, 0)` })
    .where('id', '=', outboxId).where('claim_token', '=', claimToken).where('status', '=', 'pending').executeTakeFirst();
  return Number(postponed.numUpdatedRows) === 1;
}
