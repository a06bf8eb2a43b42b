import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore } from '../../../../modules/shared/events/index.ts';
import { addOrReschedule, addToOutbox, createOutboxWorker, postponeClaim } from '../../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

/** Timed outbox rows (issue 24): not delivered before their time, given up counting from it, postponed by their handler. */
describe.each(backends)('timed outbox rows on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());
  const HOUR = 3600_000;

  it('delivers a row whose not-before time has come, leaves one whose time is ahead untouched, and a row without one at once', async () => {
    await createEventStore(handle.db).append('s', 'any', [{ type: 'E', data: {} }], {
      outbox: [
        { topic: 'mail', dedupeKey: 'later', payload: 'later', notBefore: new Date(Date.now() + HOUR) },
        { topic: 'mail', dedupeKey: 'due', payload: 'due', notBefore: new Date(Date.now() - 1000) },
        { topic: 'mail', dedupeKey: 'now', payload: 'now' },
      ],
    });
    const seen: unknown[] = [];
    const worker = createOutboxWorker(handle.db, { handlers: { mail: async (p) => { seen.push(p); } } });
    await worker.drainOnce();
    expect(seen).toEqual(['due', 'now']);
    expect(await handle.db.selectFrom('outbox').select(['status', 'attempts', 'claim_token']).where('dedupe_key', '=', 'later').executeTakeFirstOrThrow())
      .toEqual({ status: 'pending', attempts: 0, claim_token: null });
  });

  it('keeps the first not-before time of a dedupe key written twice', async () => {
    const first = new Date(Date.now() + 2 * HOUR);
    await addToOutbox(handle.db, [{ topic: 'mail', dedupeKey: 'k', payload: 1, notBefore: first }]);
    await addToOutbox(handle.db, [{ topic: 'mail', dedupeKey: 'k', payload: 2, notBefore: new Date(Date.now() + HOUR) }]);
    const rows = await handle.db.selectFrom('outbox').select(['payload', 'not_before', 'next_attempt_at']).execute();
    expect(rows.map((r) => [r.payload, new Date(r.not_before!).getTime(), new Date(r.next_attempt_at).getTime()])).toEqual([[1, first.getTime(), first.getTime()]]);
  });

  it('counts the time to give up from a row\'s not-before time, not from when it was written weeks ahead', async () => {
    await addToOutbox(handle.db, [{ topic: 'mail', dedupeKey: 'reminder', payload: {}, notBefore: new Date(Date.now() + 50) }]);
    // Written 30 days ago, due now: its first failure is retried, not given up.
    await sql`update outbox set created_at = now() - interval '30 days'`.execute(handle.db);
    await new Promise((r) => setTimeout(r, 80));
    const worker = createOutboxWorker(handle.db, { giveUpAfterMs: 72 * HOUR, backoffMs: () => 1000, handlers: { mail: async () => { throw new Error('relay down'); } } });
    await worker.drainOnce();
    expect(await handle.db.selectFrom('outbox').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({ status: 'pending', attempts: 1 });
  });

  it('lets a handler postpone its claimed row to a later time, unclaimed and its attempt not counted', async () => {
    await addToOutbox(handle.db, [{ topic: 'mail', dedupeKey: 'moved', payload: {} }]);
    const later = new Date(Date.now() + HOUR);
    let calls = 0;
    const worker = createOutboxWorker(handle.db, {
      handlers: { mail: async (_p, m) => { calls += 1; expect(await postponeClaim(handle.db, m.id, m.claimToken, later)).toBe(true); return 'done'; } },
    });
    await worker.drainOnce();
    await worker.drainOnce();
    const row = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect([calls, row.status, row.attempts, row.claim_token, new Date(row.next_attempt_at).getTime(), new Date(row.not_before!).getTime()])
      .toEqual([1, 'pending', 0, null, later.getTime(), later.getTime()]);
  });

  it('moves a pending row to its new time when planned again (earlier or later), and leaves a delivered one and one claimed now alone', async () => {
    const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1000) * 1000);
    const [inTwoHours, inAnHour, inThreeHours] = [at(2 * HOUR), at(HOUR), at(3 * HOUR)];
    await addOrReschedule(handle.db, ['pending', 'claimed', 'delivered'].map((dedupeKey) => ({ topic: 'mail', dedupeKey, payload: dedupeKey, notBefore: inTwoHours })));
    await handle.db.updateTable('outbox').set({ status: 'done' }).where('dedupe_key', '=', 'delivered').execute();
    await handle.db.updateTable('outbox').set({ claim_token: 't', claimed_until: sql`now() + interval '1 minute'` }).where('dedupe_key', '=', 'claimed').execute();
    const times = async () => Object.fromEntries((await handle.db.selectFrom('outbox').select(['dedupe_key', 'not_before', 'next_attempt_at', 'status']).execute())
      .map((r) => [r.dedupe_key, [new Date(r.not_before!).getTime(), new Date(r.next_attempt_at).getTime(), r.status]]));
    await addOrReschedule(handle.db, ['pending', 'claimed', 'delivered', 'new'].map((dedupeKey) => ({ topic: 'mail', dedupeKey, payload: dedupeKey, notBefore: inAnHour })));
    expect(await times()).toEqual({
      pending: [inAnHour.getTime(), inAnHour.getTime(), 'pending'], new: [inAnHour.getTime(), inAnHour.getTime(), 'pending'],
      claimed: [inTwoHours.getTime(), inTwoHours.getTime(), 'pending'], delivered: [inTwoHours.getTime(), inTwoHours.getTime(), 'done'],
    });
    await addOrReschedule(handle.db, [{ topic: 'mail', dedupeKey: 'pending', payload: 'pending', notBefore: inThreeHours }]);
    expect((await times())['pending']).toEqual([inThreeHours.getTime(), inThreeHours.getTime(), 'pending']);
  });
});
