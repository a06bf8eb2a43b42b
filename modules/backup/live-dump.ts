// The database part of a backup taken by the running server (the schedule, and a pre-migration backup), from its
// own open handle: PGlite's data directory is dumped by the live instance (a second PGlite cannot open it), and
// PostgreSQL by pg_dump on a snapshot exported from a repeatable-read transaction. Either way the read models'
// fingerprint is taken from that same snapshot, so the drill compares a rebuild with exactly what was dumped.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../shared/db/index.ts';
import { dumpPostgresSnapshot } from './database.ts';
import { hashReadModels, type ReadModelHashes } from './read-models.ts';

const LEVEL = 'select name from kysely_migration order by timestamp desc, name desc limit 1';

/** What createBackup writes as the database member: bytes (PGlite) or a dump file in its scratch folder (PostgreSQL). */
export type DatabaseDump = {
  kind: 'pglite' | 'postgres'; level: string | null; readModels?: ReadModelHashes;
  data?: Buffer; file?: string;
};

/** createBackup's `live` option: dumps the database (a PostgreSQL dump goes to `scratchFile`). */
export type LiveDump = (scratchFile: string) => Promise<DatabaseDump>;

/**
 * The running server's database as createBackup dumps it: `databaseUrl` is needed for pg_dump (PostgreSQL),
 * `readModels` names the tables to hash (the projections' tables: `store.projections.flatMap((p) => p.tables)`).
 */
export function liveDump(handle: DatabaseHandle, options: { databaseUrl?: string; readModels?: readonly string[] } = {}): LiveDump {
  const tables = options.readModels ?? [];
  if (handle.kind === 'pglite') {
    return async () => handle.exclusive!(async (pglite) => {
      const run = async (text: string) => (await pglite.query<Record<string, unknown>>(text)).rows;
      await pglite.query('begin');
      let readModels: ReadModelHashes;
      let level: string | null;
      try {
        await pglite.query("set local timezone = 'UTC'");
        level = String((await run(LEVEL).catch(() => []))[0]?.['name'] ?? '') || null;
        readModels = await hashReadModels(run, tables);
      } finally {
        await pglite.query('commit');
      }
      // The files on disk then hold every committed page, not only the WAL that recovery would replay at load.
      await pglite.query('checkpoint');
      const dump = await pglite.dumpDataDir('gzip');
      return { kind: 'pglite', level, readModels, data: Buffer.from(await dump.arrayBuffer()) };
    });
  }
  if (!options.databaseUrl) throw new Error('a live PostgreSQL dump needs the database URL for pg_dump');
  const url = options.databaseUrl;
  return async (scratchFile) => handle.db.transaction().setIsolationLevel('repeatable read').execute(async (tx) => {
    const run = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(tx)).rows;
    await sql`set local timezone = 'UTC'`.execute(tx);
    const [snapshot] = await run('select pg_export_snapshot() as id');
    const level = String((await run(LEVEL))[0]?.['name'] ?? '') || null;
    const readModels = await hashReadModels(run, tables);
    // pg_dump sees exactly this transaction's snapshot while it stays open.
    await dumpPostgresSnapshot(url, scratchFile, String(snapshot!['id']));
    return { kind: 'postgres', level, readModels, file: scratchFile };
  });
}
