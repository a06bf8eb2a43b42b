import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

describe.each(backends)('the event store keeps the log analyzed as it grows, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeAll(async () => { handle = await openMigrated(backend); });
  afterAll(async () => handle?.close());

  it('given a log never analyzed, when 1,000 events have been appended, then a read of 64 streams is planned for about 64 rows, not a third of the log', async () => {
    const store = createEventStore(handle.db);
    for (let i = 0; i < 1000; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => store.append(`analyzed-${i + j}`, 0, [{ type: 'Noted', data: {} }])));
    }
    const streams = Array.from({ length: 64 }, (_, i) => `analyzed-${i}`);
    const estimate = async () => {
      const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
        select * from events where stream_id = any(${streams}::text[])`.execute(handle.db);
      return plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
    };
    await expect.poll(estimate, { timeout: 10_000 }).toBeLessThan(100);
  });
});
