// The database part of a backup: PGlite's data directory as PGlite dumps it (consistent: the database is opened by
// this process alone, so the server must be stopped), or PostgreSQL through pg_dump's custom format.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { connectPostgres } from '../shared/db/index.ts';
import { BackupError } from './errors.ts';

const run = promisify(execFile);

export type DatabaseKind = 'pglite' | 'postgres';

/** The last applied migration's name (Kysely's table; names are per module, so by time), or null on an empty database. */
export async function migrationLevel(db: Kysely<any>): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by timestamp desc, name desc limit 1`.execute(db).catch(() => ({ rows: [] }));
  return rows[0]?.name ?? null;
}

async function openPglite(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  try {
    return await PGlite.create({ dataDir });
  } catch (error) {
    throw new BackupError('database-busy', `The embedded database in ${dataDir} could not be opened (${(error as Error).message}). Stop the server first: PGlite allows one process.`);
  }
}

/** Dumps the embedded database; answers the tar.gz bytes PGlite makes and the migration level. */
export async function dumpPglite(dataDir: string): Promise<{ data: Buffer; level: string | null }> {
  if (!existsSync(dataDir)) throw new BackupError('no-database', `No embedded database at ${dataDir}.`);
  const pglite = await openPglite(dataDir);
  try {
    const { rows } = await pglite.query<{ name: string }>('select name from kysely_migration order by timestamp desc, name desc limit 1').catch(() => ({ rows: [] as { name: string }[] }));
    const dump = await pglite.dumpDataDir('gzip');
    return { data: Buffer.from(await dump.arrayBuffer()), level: rows[0]?.name ?? null };
  } finally {
    await pglite.close();
  }
}

/** Loads a dump into a new data directory (which must not exist yet). */
export async function loadPglite(dataDir: string, data: Buffer): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(data)]) });
  await pglite.query('select 1');
  await pglite.close();
}

export function pgliteIsEmpty(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

async function tool(name: string, args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 64 << 20 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new BackupError('tool-missing', `${name} is not installed (Debian: apt-get install postgresql-client).`);
    throw new BackupError('tool-failed', `${name} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** pg_dump of the whole database into `file` (custom format, no owners: it restores into any role's database). */
export async function dumpPostgres(url: string, file: string): Promise<{ level: string | null }> {
  const handle = connectPostgres(url, { max: 1 });
  try {
    const level = await migrationLevel(handle.db);
    await tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
    return { level };
  } finally {
    await handle.close();
  }
}

/** pg_dump of what an open transaction's exported snapshot sees (live-dump.ts): the server's consistent backup. */
export async function dumpPostgresSnapshot(url: string, file: string, snapshot: string): Promise<void> {
  await tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`]);
}

/** Tables in the database's current schema: a restore goes only into a database with none, unless forced. */
export async function postgresTables(url: string): Promise<number> {
  const handle = connectPostgres(url, { max: 1 });
  try {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(handle.db);
    return rows[0]!.n;
  } finally {
    await handle.close();
  }
}

/** Restores a pg_dump file; `force` first drops what the current schema holds. */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  if (force) {
    const handle = connectPostgres(url, { max: 1 });
    try {
      await sql`drop schema if exists public cascade`.execute(handle.db);
      await sql`create schema public`.execute(handle.db);
    } finally {
      await handle.close();
    }
  }
  await tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file]);
}
