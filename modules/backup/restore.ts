// `npm run restore -- <backup>`: the whole file is checked against its manifest before anything is touched, and only
// an empty DATA_DIR and database are written to (or, with `force`, ones whose contents are thrown away first).
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { loadPglite, pgliteIsEmpty, postgresTables, restorePostgres } from './database.ts';
import { DATABASE_MEMBER, FORMAT, FORMAT_VERSION, type Manifest } from './backup.ts';
import { BackupError } from './errors.ts';
import { dataDirInUse } from './files.ts';
import { readTar, TarError } from './tar.ts';

function invalid(file: string, why: string): BackupError {
  return new BackupError('invalid-backup', `${file} is not a good backup: ${why}. Nothing was changed.`);
}

/** Reads the whole file and answers its manifest when every member is there with the size and SHA-256 it lists. */
export function verifyBackup(file: string): Manifest {
  const seen = new Map<string, { sha256: string; size: number }>();
  let manifestText: Buffer[] | undefined;
  let last = '';
  try {
    readTar(file, {
      open: (name) => {
        if (name !== 'manifest.json') return;
        manifestText = [];
        return (chunk) => manifestText!.push(Buffer.from(chunk));
      },
      close: (name, sha256, size) => { seen.set(name, { sha256, size }); last = name; },
    });
  } catch (error) {
    if (error instanceof TarError) throw invalid(file, error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError('invalid-backup', `${file} does not exist.`);
    throw error;
  }
  if (!manifestText || last !== 'manifest.json') throw invalid(file, 'it has no manifest.json at its end (an unfinished or foreign file)');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(Buffer.concat(manifestText).toString('utf8')) as Manifest;
  } catch {
    throw invalid(file, 'its manifest.json is not JSON');
  }
  if (manifest.format !== FORMAT || manifest.formatVersion !== FORMAT_VERSION || !Array.isArray(manifest.members)) {
    throw invalid(file, `its manifest is not a ${FORMAT} version ${FORMAT_VERSION}`);
  }
  for (const member of manifest.members) {
    const found = seen.get(member.path);
    if (!found) throw invalid(file, `${member.path} is missing`);
    if (found.size !== member.size || found.sha256 !== member.sha256) throw invalid(file, `${member.path} does not match its SHA-256 in the manifest (altered or damaged)`);
  }
  const listed = new Set(manifest.members.map((m) => m.path));
  const extra = [...seen.keys()].find((name) => name !== 'manifest.json' && !listed.has(name));
  if (extra) throw invalid(file, `${extra} is not in the manifest`);
  if (!listed.has(DATABASE_MEMBER[manifest.database])) throw invalid(file, 'it holds no database');
  return manifest;
}

export type RestoreOptions = { file: string; dataDir: string; databaseUrl?: string; force?: boolean };

/** Empties DATA_DIR except its backups folder (where the file being restored may be). */
function emptyDataDir(dataDir: string) {
  for (const name of readdirSync(dataDir)) if (name !== 'backups') rmSync(join(dataDir, name), { recursive: true, force: true });
}

export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const file = resolve(options.file);
  const dataDir = resolve(options.dataDir);
  const manifest = verifyBackup(file);
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupError('invalid-backup', `${file} holds a ${manifest.database} database, and this shop is configured for ${kind}${kind === 'postgres' ? ' (DATABASE_URL is set)' : ' (DATABASE_URL is not set)'}. Nothing was changed.`);
  }
  const inUse: string[] = [];
  if (dataDirInUse(dataDir)) inUse.push(`DATA_DIR (${dataDir})`);
  if (options.databaseUrl && (await postgresTables(options.databaseUrl)) > 0) inUse.push('the database at DATABASE_URL');
  if (inUse.length && !options.force) {
    throw new BackupError('target-not-empty', `${inUse.join(' and ')} ${inUse.length > 1 ? 'are' : 'is'} not empty. Restore into an empty one, or add --force to replace what is there. Nothing was changed.`);
  }
  mkdirSync(dataDir, { recursive: true });
  if (options.force) emptyDataDir(dataDir);
  const scratch = mkdtempSync(join(tmpdir(), 'gestalt-restore-'));
  try {
    let pgliteDump: Buffer[] | undefined;
    const postgresDump = join(scratch, 'postgres.dump');
    let fd: number | undefined;
    readTar(file, {
      open: (name) => {
        if (name === DATABASE_MEMBER.pglite) {
          pgliteDump = [];
          return (chunk) => pgliteDump!.push(Buffer.from(chunk));
        }
        let target: string;
        if (name === DATABASE_MEMBER.postgres) target = postgresDump;
        else if (name.startsWith('files/') && !name.split('/').includes('..')) target = join(dataDir, name.slice('files/'.length));
        else return;
        mkdirSync(dirname(target), { recursive: true });
        const opened = openSync(target, 'w', 0o600);
        fd = opened;
        return (chunk) => { writeSync(opened, chunk); };
      },
      close: () => { if (fd !== undefined) closeSync(fd); fd = undefined; },
    });
    if (options.databaseUrl) await restorePostgres(options.databaseUrl, postgresDump, Boolean(options.force));
    else {
      const pgdata = join(dataDir, 'pgdata');
      if (!pgliteIsEmpty(pgdata)) rmSync(pgdata, { recursive: true, force: true });
      await loadPglite(pgdata, Buffer.concat(pgliteDump!));
    }
    return manifest;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
