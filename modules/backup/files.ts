// Which files under DATA_DIR a backup holds: everything the shop keeps there (uploads, recordings' sources and
// renditions, recording uploads in progress, the JWT secret, whatever a later module adds) except what is rebuilt,
// scratch, or the backup machinery's own.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Top-level names never copied: the database (its own member), transcoding scratch, backups, the lock. */
export const NOT_BACKED_UP = new Set(['pgdata', 'recordings-work', 'backups', 'backup.lock']);

/** Relative paths (with /) of every regular file to back up, sorted so two backups of one state list alike. */
export function dataFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dataDir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (!relative && NOT_BACKED_UP.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  try {
    walk('');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return out.sort();
}

/** True when DATA_DIR holds anything a restore would overwrite or mix with. */
export function dataDirInUse(dataDir: string): boolean {
  try {
    return readdirSync(dataDir).some((name) => {
      if (name === 'backups' || name === 'backup.lock') return false;
      // An empty pgdata is what a server that failed to start leaves: nothing in it to lose.
      return !(name === 'pgdata' && readdirSync(join(dataDir, name)).length === 0);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
