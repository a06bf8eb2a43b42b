import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToOutbox, createOutboxWorker, outboxOverview } from '../../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

/** The outbox as the admin panel reads it (issue 24): waiting work per topic, and the rows page by page, never a payload. */
describe.each(backends)('the outbox overview on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());
  const HOUR = 3600_000;

  it('counts pending and given-up rows per topic with the next due time, and pages the soonest due first or the latest given up first', async () => {
    const base = Math.floor(Date.now() / 1000) * 1000;
    const at = (h: number) => new Date(base + h * HOUR);
    await addToOutbox(handle.db, [
      { topic: 'meeting-reminder', dedupeKey: 'r3', payload: { email: 'anna@example.com' }, notBefore: at(3) },
      { topic: 'meeting-reminder', dedupeKey: 'r1', payload: { email: 'anna@example.com' }, notBefore: at(1) },
      { topic: 'meeting-reminder', dedupeKey: 'r2', payload: { email: 'anna@example.com' }, notBefore: at(2) },
      { topic: 'mail', dedupeKey: 'sent', payload: 'sent' },
      { topic: 'mail', dedupeKey: 'refused', payload: 'refused' },
      { topic: 'invoice-ksef', dedupeKey: 'retried', payload: 'retried' },
    ]);
    // One mail goes out, one is refused for good; the KSeF row fails once and waits for its retry.
    await createOutboxWorker(handle.db, {
      handlers: {
        mail: async (p) => { if (p === 'refused') throw new Error('550 mailbox unavailable'); },
        'invoice-ksef': async () => { throw new Error('KSeF answered 503'); },
      },
      maxAttempts: 1, topics: ['mail'],
    }).drainOnce();
    await createOutboxWorker(handle.db, { handlers: { 'invoice-ksef': async () => { throw new Error('KSeF answered 503'); } }, topics: ['invoice-ksef'], backoffMs: () => HOUR }).drainOnce();
    const overview = outboxOverview(handle.db);

    const topics = await overview.byTopic();
    expect(topics.map((t) => ({ ...t, nextDueAt: t.nextDueAt?.getTime() ?? null }))).toEqual([
      { topic: 'invoice-ksef', pending: 1, failed: 0, nextDueAt: expect.any(Number) },
      { topic: 'mail', pending: 0, failed: 1, nextDueAt: null },
      { topic: 'meeting-reminder', pending: 3, failed: 0, nextDueAt: at(1).getTime() },
    ]);

    const upcoming = await overview.rows('upcoming', { offset: 0, limit: 2 });
    expect(upcoming.total).toBe(4);
    expect(upcoming.items.map((r) => [r.topic, r.dueAt.getTime()])).toEqual([['meeting-reminder', at(1).getTime()], ['invoice-ksef', expect.any(Number)]]);
    expect(upcoming.items[1]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'KSeF answered 503', inFlight: false });
    expect((await overview.rows('upcoming', { offset: 2, limit: 2 })).items.map((r) => r.dueAt.getTime())).toEqual([at(2).getTime(), at(3).getTime()]);
    expect((await overview.rows('upcoming', { offset: 0, limit: 10 }, 'meeting-reminder')).total).toBe(3);

    const failed = await overview.rows('failed', { offset: 0, limit: 10 });
    expect(failed.items.map((r) => [r.topic, r.status, r.attempts, r.lastError])).toEqual([['mail', 'failed', 1, '550 mailbox unavailable']]);
    expect(JSON.stringify([topics, upcoming, failed])).not.toContain('anna@example.com');
  });
});
