import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { connectPglite } from '../../../../modules/shared/db/index.ts';
import { makeDatabaseTemplate } from '../../../../scripts/pgdata-template.mjs';

const work = mkdtempSync(join(tmpdir(), 'start-from-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function modes(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out.push(`${entry.isDirectory() ? 'd' : 'f'}${(statSync(path).mode & 0o777).toString(8)}`);
    if (entry.isDirectory()) modes(path, out);
  }
  return out;
}

function chmodTree(dir: string) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chmodTree(path); else chmodSync(path, 0o644);
  }
}

// The image's template is another user's, opened up for reading: the data directory made from it is the server's own,
// with PostgreSQL's modes, whatever the template's were.
test('a new data directory copied from a template readable by all has the modes PostgreSQL wants, and opens', async () => {
  const template = join(work, 'template');
  expect(await makeDatabaseTemplate(template)).toBe(true);
  chmodTree(template);
  const dataDir = join(work, 'data');
  const handle = await connectPglite(dataDir, { template });
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
  expect(rows[0]!.one).toBe(1);
  await handle.close();
  // Directories the server's alone (PostgreSQL refuses a data directory others may enter); files it may read and write.
  expect(modes(dataDir).filter((m) => m[0] === 'd' && m !== 'd700')).toEqual([]);
  expect(modes(dataDir).filter((m) => m[0] === 'f' && (parseInt(m.slice(1), 8) & 0o600) !== 0o600)).toEqual([]);
}, 240_000);
