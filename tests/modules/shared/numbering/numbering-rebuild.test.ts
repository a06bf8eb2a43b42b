import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { connectPglite, connectPostgres, migrateToLatest, type DatabaseHandle } from '../../../../modules/shared/db/index.ts';
import { createEventStore } from '../../../../modules/shared/events/index.ts';
import { lastNumber } from '../../../../modules/shared/numbering/index.ts';
import { createPostgresDatabase, onPostgres, withoutPostgres } from '../../../support/databases.ts';
import { issueDocument } from './numbered-document.ts';

/**
 * The counters are not a read model: `npm run projections:rebuild` (scripts/rebuild-projections.ts, run here as the
 * admin runs it) empties and replays every projection, and must leave them as they were, or numbers would be issued again.
 */
const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0).reverse()) await c(); });

async function numberThreeThenRebuild(open: () => Promise<DatabaseHandle>, env: Record<string, string>) {
  const first = await open();
  await migrateToLatest(first.db);
  const deps = { db: first.db, store: createEventStore(first.db) };
  for (const i of [1, 2, 3]) await issueDocument(deps, `before-${i}`, 'FV', 2026);
  await first.close();

  const { stdout } = await run(process.execPath, ['scripts/rebuild-projections.ts'], { env: { PATH: process.env.PATH!, ...env }, timeout: 60_000 });
  expect(stdout).toMatch(/^Rebuilt .*purchases.* read models from \d+ events/);

  const again = await open();
  cleanups.push(() => again.close());
  expect(await lastNumber(again.db, 'FV', 2026)).toBe(3);
  expect(await issueDocument({ db: again.db, store: createEventStore(again.db) }, 'after', 'FV', 2026)).toBe('FV/2026/000004');
}

describe('a projection rebuild never resets document counters', () => {
  it('given three invoices numbered on the embedded database, when projections are rebuilt, then the next one is number 4', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'numbering-rebuild-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await numberThreeThenRebuild(() => connectPglite(join(dataDir, 'pgdata')), { DATA_DIR: dataDir });
  });

  it.skipIf(withoutPostgres)(onPostgres('given three invoices numbered on PostgreSQL, when projections are rebuilt, then the next one is number 4'), async () => {
    const created = await createPostgresDatabase();
    cleanups.push(() => created.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'numbering-rebuild-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await numberThreeThenRebuild(async () => connectPostgres(created.url), { DATA_DIR: dataDir, DATABASE_URL: created.url });
  });
});
