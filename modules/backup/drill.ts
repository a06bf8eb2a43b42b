// The restore drill (issue 35): a backup is only as good as a restore of it. The file is checked against its
// manifest's SHA-256 sums, restored into a scratch place (a temporary DATA_DIR, and on PostgreSQL a scratch database
// made and dropped here), its read models are rebuilt from the restored events, and each one's hash is compared
// with the one taken when the backup was made. Nothing of the live shop is touched.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { connectPglite, connectPostgres, type DatabaseHandle } from '../shared/db/index.ts';
import { createEventStore, type Projection } from '../shared/events/index.ts';
import { BackupError } from './errors.ts';
import { differingTables, hashReadModels } from './read-models.ts';
import { restoreBackup, verifyBackup } from './restore.ts';

export type DrillOutcome = { ok: true; backupAt: string; message: string | null } | { ok: false; message: string };

export type DrillOptions = {
  file: string;
  /** The live PostgreSQL (a PostgreSQL backup is restored into a scratch database on the same server). */
  databaseUrl?: string;
  /** The read models' projections, as the server registers them: the restored log is replayed through them. */
  projections: readonly Projection[];
};

/** A scratch database beside the live one; a role that may not create databases gets a message saying so. */
async function scratchDatabase(liveUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gestalt_drill_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: liveUrl, connectionTimeoutMillis: 10_000 });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await run(`create database ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code === '42501') {
      throw new BackupError('drill-no-scratch', `The restore drill needs a scratch database, and the role of DATABASE_URL may not create databases. Allow it (ALTER ROLE … CREATEDB) or set DRILL_SCHEDULE=off and check restores by hand.`);
    }
    throw error;
  }
  const url = new URL(liveUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Restores `file` into a scratch place and compares it with its manifest; never throws for a bad backup. */
export async function runDrill(options: DrillOptions): Promise<DrillOutcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gestalt-drill-'));
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    const manifest = verifyBackup(options.file);
    if (manifest.database === 'postgres') {
      if (!options.databaseUrl) return { ok: false, message: 'The backup holds a PostgreSQL database, and this server runs on the embedded one: it cannot be restored here.' };
      scratch = await scratchDatabase(options.databaseUrl);
    }
    await restoreBackup({ file: options.file, dataDir, databaseUrl: scratch?.url });
    handle = scratch ? connectPostgres(scratch.url, { max: 1 }) : await connectPglite(join(dataDir, 'pgdata'));
    const store = createEventStore(handle.db, { projections: options.projections });
    await store.rebuildProjections();
    if (!manifest.readModels) return { ok: true, backupAt: manifest.createdAt, message: 'The backup has no read-model fingerprint (made by npm run backup): its files and database were checked, not its read models.' };
    const tables = Object.keys(manifest.readModels);
    const rebuilt = await handle.db.transaction().execute(async (tx) => {
      await sql`set local timezone = 'UTC'`.execute(tx);
      return hashReadModels(async (text) => (await sql.raw<Record<string, unknown>>(text).execute(tx)).rows, tables);
    });
    const differing = differingTables(manifest.readModels, rebuilt);
    if (differing.length > 0) return { ok: false, message: `The restored read models differ from the backup's: ${differing.join(', ')}.` };
    return { ok: true, backupAt: manifest.createdAt, message: null };
  } catch (error) {
    return { ok: false, message: error instanceof BackupError ? error.message : `The restore failed: ${(error as Error).message}` };
  } finally {
    await handle?.close().catch(() => {});
    await scratch?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
