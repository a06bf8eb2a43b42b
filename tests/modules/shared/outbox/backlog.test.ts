import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToOutbox, createOutboxWorker, outboxOverview } from '../../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

/** The system page's backlog (issue 35): per topic, the work waiting now, since when, and the work given up. */
describe.each(backends)('the outbox backlog on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());
  const HOUR = 3600_000;

  it('counts work due now, a retry waiting for its next attempt included, never timed work not due yet, with the oldest first due time', async () => {
    const before = Date.now() - 1000;
    await addToOutbox(handle.db, [
      { topic: 'meeting-reminder', dedupeKey: 'later', payload: {}, notBefore: new Date(Date.now() + HOUR) },
      { topic: 'meeting-reminder', dedupeKey: 'due', payload: {}, notBefore: new Date(before - HOUR) },
      { topic: 'invoice-ksef', dedupeKey: 'retried', payload: {} },
      { topic: 'mail', dedupeKey: 'refused', payload: {} },
    ]);
    await createOutboxWorker(handle.db, { handlers: { 'invoice-ksef': async () => { throw new Error('503'); } }, topics: ['invoice-ksef'], backoffMs: () => HOUR }).drainOnce();
    await createOutboxWorker(handle.db, { handlers: { mail: async () => { throw new Error('550'); } }, topics: ['mail'], maxAttempts: 1 }).drainOnce();
    const backlog = await outboxOverview(handle.db).backlog();
    expect(backlog.map((t) => ({ ...t, oldestDueSince: t.oldestDueSince?.getTime() ?? null }))).toEqual([
      { topic: 'invoice-ksef', due: 1, failed: 0, oldestDueSince: expect.any(Number) },
      { topic: 'mail', due: 0, failed: 1, oldestDueSince: null },
      { topic: 'meeting-reminder', due: 1, failed: 0, oldestDueSince: before - HOUR },
    ]);
    expect(backlog[0]!.oldestDueSince!.getTime()).toBeGreaterThanOrEqual(before - 5000);
  });
});
