// The modules wired as the server wires them, in this process, on a fresh database: for the data-path benchmarks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../modules/shared/config/index.ts';
import { connectPglite, connectPostgres, migrateToLatest } from '../modules/shared/db/index.ts';
import { createEventStore } from '../modules/shared/events/index.ts';
import type { Clock } from '../modules/shared/kernel/index.ts';
import { createLogger } from '../src/server/logger.ts';
import { wireModules } from '../src/server/modules.ts';
import { createPostgresDatabase } from '../tests/support/databases.ts';

export type Backend = 'pglite' | 'postgres';
export const backendName = (b: Backend) => (b === 'postgres' ? 'PostgreSQL' : 'PGlite');

/** `clock`: the modules' clock (a benchmark that moves time); the database's `now()` stays the real one. */
export async function openApp(backend: Backend, env: Record<string, string> = {}, options: { clock?: Clock } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gestalt-bench-'));
  const created = backend === 'postgres' ? await createPostgresDatabase() : null;
  const saved = { ...process.env };
  Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: 'error', PUBLIC_URL: 'http://127.0.0.1:4321', ...env });
  delete process.env.DATABASE_URL;
  const config = loadConfig();
  process.env = saved;
  const log = createLogger(config.LOG_LEVEL);
  // The server's pool size, so concurrent commands queue for connections as they would in production.
  const database = created ? connectPostgres(created.url) : await connectPglite(join(dataDir, 'pgdata'));
  await migrateToLatest(database.db);
  const store = createEventStore(database.db);
  const wired = wireModules({ config, log, db: database.db, store, ...(options.clock ? { clock: options.clock } : {}) });
  await wired.seed();
  return {
    config, log, database, store, wired, db: database.db,
    /** The fresh PostgreSQL database's address (for a second instance), none on PGlite. */
    url: created?.url,
    async close() {
      await database.close();
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight at once. */
export async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}
