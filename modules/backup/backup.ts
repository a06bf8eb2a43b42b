// `npm run backup`: one tar file holding the database, every file the shop keeps under DATA_DIR, and last a
// manifest.json with each member's SHA-256. Written under a temporary name and renamed when complete, so a killed
// or failed backup never leaves a file that looks like a good one.
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { DatabaseHandle } from '../shared/db/index.ts';
import { dumpPglite, dumpPostgres, type DatabaseKind } from './database.ts';
import { BackupError } from './errors.ts';
import { dataFiles } from './files.ts';
import { dumpOpenPglite } from './open-database.ts';
import type { LiveDump } from './live-dump.ts';
import type { ReadModelHashes } from './read-models.ts';
import { sweepPartials, takeLock } from './lock.ts';
import { tarWriter } from './tar.ts';

export const FORMAT = 'gestalt-backup';
export const FORMAT_VERSION = 1;
export const DATABASE_MEMBER: Record<DatabaseKind, string> = { pglite: 'database/pgdata.tar.gz', postgres: 'database/postgres.dump' };

export type Member = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof FORMAT; formatVersion: number; createdAt: string; appVersion: string;
  migrationLevel: string | null; database: DatabaseKind;
  /** 'local': recordings are members under files/; 's3': they stay in the bucket, which has its own backups. */
  recordings: 'local' | 's3';
  members: Member[];
  /** Each read model's hash at backup time, from the dumped snapshot (backups taken by the server; read-models.ts). */
  readModels?: ReadModelHashes;
};

export type BackupOptions = {
  dataDir: string; databaseUrl?: string; appVersion: string; s3?: boolean;
  /** A folder (the file gets a timestamped name in it) or a file name; default DATA_DIR/backups. */
  target?: string;
  now?: () => Date;
  /** The embedded database as this process already has it open (the server's backup before migrating): dumped from it. */
  open?: DatabaseHandle;
  /** More members, made under the lock after the database (the bucket's listing, modules/backup/bucket.ts). */
  extra?: () => Promise<{ path: string; data: Buffer }[]>;
  /** Where the finished file goes next, still under the lock (a bucket, s3-target.ts); answers its new name. */
  deliver?: (file: string, manifest: Manifest) => Promise<string>;
  /** The running server's own database (live-dump.ts); without it the database is opened here (the CLI). */
  live?: LiveDump;
};

function targetFile(options: BackupOptions, created: Date): string {
  const name = `gestalt-backup-${created.toISOString().replace(/[:.]/g, '-')}.tar`;
  const target = resolve(options.target ?? join(options.dataDir, 'backups'));
  const isFolder = !options.target || options.target.endsWith('/') || (() => { try { return statSync(target).isDirectory(); } catch { return false; } })();
  return isFolder ? join(target, name) : target;
}

/** A full disk as what to do about it: the raw ENOSPC names neither the target nor that nothing was kept. */
function noSpace(error: unknown, file: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  return new BackupError('target-full', `No space left for the backup in ${dirname(file)}: the unfinished file was removed and no backup was made. Free some space there, or give another folder: npm run backup -- <folder>.`);
}

export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const release = takeLock(dataDir);
  const scratch = mkdtempSync(join(tmpdir(), 'gestalt-backup-'));
  let partial: string | undefined;
  try {
    const created = (options.now ?? (() => new Date()))();
    const file = targetFile(options, created);
    mkdirSync(dirname(file), { recursive: true });
    // The pid in the name lets the next backup remove what a killed one left (sweepPartials).
    partial = join(dirname(file), `.${basename(file)}.${process.pid}.partial`);
    sweepPartials(dirname(file));
    let kind: DatabaseKind = options.databaseUrl ? 'postgres' : 'pglite';
    const fd = openSync(partial, 'w', 0o600);
    const members: Member[] = [];
    let level: string | null;
    let manifest: Manifest;
    try {
      const tar = tarWriter(fd);
      let readModels: ReadModelHashes | undefined;
      if (options.live) {
        const dump = await options.live(join(scratch, 'postgres.dump'));
        ({ level, readModels, kind } = dump);
        const member = DATABASE_MEMBER[dump.kind];
        members.push({ path: member, ...(dump.file ? tar.addFile(member, dump.file) : { size: dump.data!.length, sha256: tar.addBuffer(member, dump.data!) }) });
      } else if (options.databaseUrl) {
        const dump = join(scratch, 'postgres.dump');
        ({ level } = await dumpPostgres(options.databaseUrl, dump));
        members.push({ path: DATABASE_MEMBER.postgres, ...tar.addFile(DATABASE_MEMBER.postgres, dump) });
      } else {
        const dump = options.open ? await dumpOpenPglite(options.open) : await dumpPglite(join(dataDir, 'pgdata'));
        level = dump.level;
        members.push({ path: DATABASE_MEMBER.pglite, size: dump.data.length, sha256: tar.addBuffer(DATABASE_MEMBER.pglite, dump.data) });
      }
      for (const relative of dataFiles(dataDir)) {
        const path = `files/${relative}`;
        members.push({ path, ...tar.addFile(path, join(dataDir, relative)) });
      }
      for (const { path, data } of (await options.extra?.()) ?? []) members.push({ path, size: data.length, sha256: tar.addBuffer(path, data) });
      manifest = {
        format: FORMAT, formatVersion: FORMAT_VERSION, createdAt: created.toISOString(), appVersion: options.appVersion,
        migrationLevel: level, database: kind, recordings: options.s3 ? 's3' : 'local', members, ...(readModels ? { readModels } : {}),
      };
      tar.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
      tar.end();
      fsyncSync(fd);
      closeSync(fd);
      renameSync(partial, file);
      partial = undefined;
    } catch (error) {
      try { closeSync(fd); } catch { /* closed already */ }
      throw noSpace(error, file);
    }
    return { file: options.deliver ? await options.deliver(file, manifest) : file, manifest };
  } finally {
    if (partial) rmSync(partial, { force: true });
    rmSync(scratch, { recursive: true, force: true });
    release();
  }
}
