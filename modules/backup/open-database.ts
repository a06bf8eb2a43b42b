// The database part of a backup taken by the server itself (before migrating, issue 35): the embedded database is
// dumped from the instance the server already has open, since PGlite allows one process and a second open fails.
import type { DatabaseHandle } from '../shared/db/index.ts';
import { migrationLevel } from './database.ts';
import { BackupError } from './errors.ts';

export async function dumpOpenPglite(handle: DatabaseHandle): Promise<{ data: Buffer; level: string | null }> {
  if (!handle.dumpDataDir) throw new BackupError('no-database', 'The open database is not an embedded one: it cannot be dumped as a PGlite data directory.');
  const level = await migrationLevel(handle.db);
  const dump = await handle.dumpDataDir();
  return { data: Buffer.from(await dump.arrayBuffer()), level };
}
