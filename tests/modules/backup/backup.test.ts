import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup, verifyBackup } from '../../../modules/backup/index.ts';
import { backends } from '../../support/databases.ts';
import { emptyPlace, fillShop, fingerprint, type Place } from './shop.ts';

/** Every file under a folder (but the database's own and the backups), by relative path, as SHA-256. */
function filesOf(dir: string, skip = new Set(['pgdata', 'backups'])): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative))) {
      const path = relative ? `${relative}/${name}` : name;
      if (!relative && skip.has(name)) continue;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out[path] = createHash('sha256').update(readFileSync(join(dir, path))).digest('hex');
    }
  };
  walk('');
  return out;
}

async function refusal(action: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await action.then(() => null, (e: unknown) => e);
  if (!(error instanceof BackupError)) throw new Error(`expected a BackupError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const backupsDir = () => mkdtempSync(join(tmpdir(), 'gestalt-backups-'));

describe.each(backends.map((b) => b.name))('a backup restored on %s', (kind) => {
  const places: Place[] = [];
  const place = async () => { const p = await emptyPlace(kind); places.push(p); return p; };
  afterAll(async () => {
    for (const p of places) { await p.drop(); rmSync(p.dataDir, { recursive: true, force: true }); }
  });

  it('given a shop with an invoice, uploads and recordings, when it is backed up, wiped and restored, then every table, the invoice PDF and every file are the same', { timeout: 180_000 }, async () => {
    const source = await place();
    const { invoiceId } = await fillShop(source);
    const before = await fingerprint(source, invoiceId);
    const filesBefore = filesOf(source.dataDir);
    expect(Object.keys(filesBefore)).toEqual(expect.arrayContaining(['jwt-secret', 'uploads/cover-picture.webp', 'recordings/rec-1/source.mp4', 'recordings/rec-1/hls/720p/segment-00001.ts']));
    expect(before.tables.invoices).not.toBe(createHash('md5').update('').digest('hex'));

    const { file, manifest } = await createBackup({ dataDir: source.dataDir, databaseUrl: source.databaseUrl, appVersion: '0.1.0', target: backupsDir() });
    expect(manifest).toMatchObject({ format: 'gestalt-backup', database: kind, appVersion: '0.1.0', recordings: 'local' });
    expect(manifest.migrationLevel).toMatch(/\w+_\d{4}_\w+|^\d{4}_/);
    expect(manifest.members.map((m) => m.path)).toContain('files/recordings/rec-1/source.mp4');
    expect(readdirSync(join(file, '..'))).toEqual([file.split('/').pop()]);

    await source.drop();
    rmSync(source.dataDir, { recursive: true, force: true });
    const target = await place();
    await restoreBackup({ file, dataDir: target.dataDir, databaseUrl: target.databaseUrl });

    expect(filesOf(target.dataDir)).toEqual(filesBefore);
    const after = await fingerprint(target, invoiceId);
    expect(after.pdf).toBe(before.pdf);
    expect(after.tables).toEqual(before.tables);
  });
});

describe('a backup that cannot be trusted, a target in use, a backup already running (PGlite)', () => {
  let source: Place;
  let file: string;
  const cleanup: string[] = [];
  beforeAll(async () => {
    source = await emptyPlace('pglite');
    await fillShop(source);
    ({ file } = await createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: backupsDir() }));
    cleanup.push(source.dataDir, join(file, '..'));
  }, 120_000);
  afterAll(() => { for (const dir of cleanup) rmSync(dir, { recursive: true, force: true }); });
  const copyOf = (change: (path: string) => void) => {
    const copy = join(mkdtempSync(join(tmpdir(), 'gestalt-bad-')), 'backup.tar');
    cleanup.push(join(copy, '..'));
    writeFileSync(copy, readFileSync(file));
    change(copy);
    return copy;
  };
  const emptyDir = () => { const d = mkdtempSync(join(tmpdir(), 'gestalt-target-')); cleanup.push(d); return d; };

  it('given a backup with one byte of a recording changed, when it is restored, then it is refused as altered and the target stays empty', async () => {
    const altered = copyOf((path) => {
      const bytes = readFileSync(path);
      const at = bytes.indexOf('files/recordings/rec-1/source.mp4'.slice(-9)) + 512 + 1000;
      bytes[at] = bytes[at]! ^ 0xff;
      writeFileSync(path, bytes);
    });
    const target = emptyDir();
    const refused = await refusal(restoreBackup({ file: altered, dataDir: target }));
    expect(refused.code).toBe('invalid-backup');
    expect(refused.message).toMatch(/does not match its SHA-256.*Nothing was changed/);
    expect(readdirSync(target)).toEqual([]);
    expect(verifyBackup(file).members.length).toBeGreaterThan(3);
  });

  it('given a truncated backup, when it is restored, then it is refused as truncated and the target stays empty', async () => {
    const truncated = copyOf((path) => truncateSync(path, Math.floor(statSync(path).size / 2)));
    const target = emptyDir();
    expect((await refusal(restoreBackup({ file: truncated, dataDir: target }))).message).toMatch(/truncated.*Nothing was changed/);
    expect(readdirSync(target)).toEqual([]);
  });

  it('given a DATA_DIR with a shop in it, when a backup is restored there, then it is refused and nothing changes; with force it is replaced', async () => {
    const target = emptyDir();
    writeFileSync(join(target, 'jwt-secret'), 'another shop\'s secret, at least thirty-two characters\n');
    const refused = await refusal(restoreBackup({ file, dataDir: target }));
    expect(refused).toMatchObject({ code: 'target-not-empty' });
    expect(refused.message).toMatch(/--force/);
    expect(readdirSync(target)).toEqual(['jwt-secret']);
    await restoreBackup({ file, dataDir: target, force: true });
    expect(filesOf(target)).toEqual(filesOf(source.dataDir));
    expect(existsSync(join(target, 'pgdata', 'PG_VERSION'))).toBe(true);
  });

  it('given a backup running, when a second one starts, then it is refused with a clear message, the first completes, and a later one runs', { timeout: 120_000 }, async () => {
    const folder = backupsDir();
    cleanup.push(folder);
    const [first, second] = await Promise.allSettled([
      createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: folder }),
      createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: folder }),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && (second.reason as BackupError).code).toBe('locked');
    expect((second as PromiseRejectedResult).reason.message).toMatch(/Another backup is running/);
    expect(readdirSync(folder)).toHaveLength(1);
    expect(existsSync(join(source.dataDir, 'backup.lock'))).toBe(false);
    await createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: join(folder, 'later.tar') });
    expect(readdirSync(folder).sort()).toContain('later.tar');
  });

  it('given a backup that fails half-way (the database cannot be read), then no file is left that looks like a backup, and no lock', async () => {
    const folder = backupsDir();
    cleanup.push(folder);
    const broken = emptyDir();
    writeFileSync(join(broken, 'jwt-secret'), 'x'.repeat(40));
    expect((await refusal(createBackup({ dataDir: broken, appVersion: '0.1.0', target: folder }))).code).toBe('no-database');
    expect(readdirSync(folder)).toEqual([]);
    expect(existsSync(join(broken, 'backup.lock'))).toBe(false);
  });
});
