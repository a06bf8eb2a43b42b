import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createRecordings, type ProbeOutcome, type Storage } from '../../../modules/recordings/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import type { openMigrated } from '../../support/databases.ts';

export const NOW = '2026-11-26T10:00:00.000Z';
export const SECRET = 'h'.repeat(40);

/**
 * The recordings module on a migrated database, with a clock the test moves, an access table it edits (user and
 * product to the end of access; purchases stands behind this port in the server) and a worker for its lane.
 */
export function recordingsOn(handle: Awaited<ReturnType<typeof openMigrated>>, opts: { storage?: Storage; leaseMs?: number; env?: Record<string, string>; probe?: (path: string) => Promise<ProbeOutcome> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'recordings-test-'));
  const clock = fixedClock(NOW);
  const access = new Map<string, Date>();
  const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test', DATA_DIR: dataDir, ...opts.env }), JWT_SECRET: SECRET };
  const store = createEventStore(handle.db);
  const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
  const recordings = createRecordings({ config, log, db: handle.db, store, clock }, {
    accessUntil: async (userId, productKey) => access.get(`${userId}/${productKey}`) ?? null,
  }, { storage: opts.storage, leaseMs: opts.leaseMs, probe: opts.probe });
  const worker = () => createOutboxWorker(handle.db, { handlers: recordings.outboxHandlers, topics: recordings.lane.topics, leaseMs: recordings.lane.leaseMs, batchSize: 1, log });
  return {
    recordings, clock, store, dataDir, worker,
    grant: (userId: string, productKey: string, until: string | null) => { if (until) access.set(`${userId}/${productKey}`, new Date(until)); else access.delete(`${userId}/${productKey}`); },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
