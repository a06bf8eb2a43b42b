// What goes wrong around a backup on disk: a full target (a 2 MB tmpfs: these tests run as root, here and in CI),
// a backup process killed with SIGKILL while a second one is refused, an altered backup restored with --force over
// a shop, a non-empty PostgreSQL database.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup, verifyBackup } from '../../../modules/backup/index.ts';
import { onPostgres, withoutPostgres } from '../../support/databases.ts';
import { emptyPlace, fillShop, openPlace, type Place } from './shop.ts';

const root = join(import.meta.dirname, '..', '..', '..');

async function refusal(action: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await action.then(() => null, (e: unknown) => e);
  if (!(error instanceof BackupError)) throw new Error(`expected a BackupError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const hashes = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => { const path = join(e.parentPath, e.name); return [path.slice(dir.length + 1), createHash('sha256').update(readFileSync(path)).digest('hex')]; }));

describe('a full target, a killed backup, an altered backup over a shop (PGlite)', () => {
  let source: Place;
  const cleanup: string[] = [];
  const mounts: string[] = [];
  const dir = (name: string) => { const d = mkdtempSync(join(tmpdir(), `gestalt-${name}-`)); cleanup.push(d); return d; };
  beforeAll(async () => {
    source = await emptyPlace('pglite');
    await fillShop(source);
    cleanup.push(source.dataDir);
  }, 120_000);
  afterAll(() => {
    for (const m of mounts) execFileSync('umount', [m]);
    for (const d of cleanup) rmSync(d, { recursive: true, force: true });
  });

  it('given a target with 2 MB free and a shop of more, when it is backed up there, then it fails saying the target is full, leaves nothing there and no lock, and the next backup elsewhere works', { timeout: 60_000 }, async () => {
    const full = dir('full');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', full], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`this test mounts a 2 MB tmpfs and needs root (CAP_SYS_ADMIN): ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`);
    }
    mounts.push(full);
    const refused = await refusal(createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: full }));
    expect(refused.code).toBe('target-full');
    expect(refused.message).toBe(`No space left for the backup in ${full}: the unfinished file was removed and no backup was made. Free some space there, or give another folder: npm run backup -- <folder>.`);
    expect(readdirSync(full)).toEqual([]);
    expect(existsSync(join(source.dataDir, 'backup.lock'))).toBe(false);
    const { file } = await createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: dir('roomy') });
    expect(verifyBackup(file).members.length).toBeGreaterThan(3);
  });

  it('given `npm run backup` killed with SIGKILL half-way, then a backup started meanwhile was refused naming it, no file looks like a backup, and the next backup takes the stale lock, removes the half file and works', { timeout: 90_000 }, async () => {
    const folder = dir('killed');
    const child = spawn(process.execPath, [join(root, 'scripts', 'backup.ts'), `${folder}/`], {
      env: { PATH: process.env.PATH, DATA_DIR: source.dataDir }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const partial = () => readdirSync(folder).find((n) => n.endsWith('.partial'));
    const deadline = Date.now() + 30_000;
    while (!partial() && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(partial(), 'the backup process started writing').toBeDefined();

    const second = await refusal(createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: dir('second') }));
    expect(second).toMatchObject({ code: 'locked', message: expect.stringContaining(`Another backup is running (process ${child.pid}`) });

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const left = partial()!;
    expect(readdirSync(folder)).toEqual([left]);
    expect(left).toMatch(new RegExp(`^\\.gestalt-backup-.*\\.tar\\.${child.pid}\\.partial$`));
    expect(readFileSync(join(source.dataDir, 'backup.lock'), 'utf8').trim()).toBe(String(child.pid));
    expect(() => verifyBackup(join(folder, left))).toThrow(/is not a good backup/);

    const { file } = await createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: `${folder}/` });
    expect(readdirSync(folder)).toEqual([file.split('/').pop()]);
    expect(verifyBackup(file).database).toBe('pglite');
    expect(existsSync(join(source.dataDir, 'backup.lock'))).toBe(false);
  });

  it('given an altered backup, when it is restored with --force over a shop, then it is refused and every file of that shop and its database stay as they were', { timeout: 60_000 }, async () => {
    const { file } = await createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: dir('good') });
    const bytes = readFileSync(file);
    const at = bytes.indexOf('cover-picture.webp') + 512 + 100;
    bytes[at] = bytes[at]! ^ 0xff;
    const altered = join(dir('altered'), 'altered.tar');
    writeFileSync(altered, bytes);
    const shop = hashes(source.dataDir);
    const refused = await refusal(restoreBackup({ file: altered, dataDir: source.dataDir, force: true }));
    expect(refused.code).toBe('invalid-backup');
    expect(refused.message).toMatch(/files\/uploads\/cover-picture\.webp does not match its SHA-256.*Nothing was changed/);
    expect(hashes(source.dataDir)).toEqual(shop);
  });

  it('given a file where a backup folder should be, when a backup goes there, then it fails with the system\'s words and no lock is left', async () => {
    const parent = dir('blocked');
    writeFileSync(join(parent, 'not-a-folder'), 'x');
    await expect(createBackup({ dataDir: source.dataDir, appVersion: '0.1.0', target: join(parent, 'not-a-folder', 'x/') })).rejects.toThrow(/ENOTDIR/);
    expect(existsSync(join(source.dataDir, 'backup.lock'))).toBe(false);
    expect(statSync(join(parent, 'not-a-folder')).size).toBe(1);
  });
});

describe('a restore into a PostgreSQL database that holds tables', () => {
  it.skipIf(withoutPostgres)(onPostgres('is refused naming the database, and changes none of it, unless --force'), { timeout: 120_000 }, async () => {
    const shop = await emptyPlace('postgres');
    const other = await emptyPlace('postgres');
    try {
      await fillShop(shop);
      const { file } = await createBackup({ dataDir: shop.dataDir, databaseUrl: shop.databaseUrl, appVersion: '0.1.0', target: `${shop.dataDir}/backups/` });
      const handle = await openPlace(other);
      await handle.db.schema.createTable('kept').addColumn('note', 'text').execute();
      await handle.db.insertInto('kept' as never).values({ note: 'another shop' } as never).execute();
      await handle.close();
      mkdirSync(other.dataDir, { recursive: true });
      const refused = await refusal(restoreBackup({ file, dataDir: other.dataDir, databaseUrl: other.databaseUrl }));
      expect(refused.code).toBe('target-not-empty');
      expect(refused.message).toMatch(/^the database at DATABASE_URL is not empty.*--force.*Nothing was changed/);
      expect(readdirSync(other.dataDir)).toEqual([]);
      const after = await openPlace(other);
      expect(await after.db.selectFrom('kept' as never).selectAll().execute()).toEqual([{ note: 'another shop' }]);
      await after.close();
      await restoreBackup({ file, dataDir: other.dataDir, databaseUrl: other.databaseUrl, force: true });
      const restored = await openPlace(other);
      const { rows } = await (await import('kysely')).sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'kept'`.execute(restored.db);
      await restored.close();
      expect(rows[0]!.n).toBe(0);
    } finally {
      await shop.drop();
      await other.drop();
      rmSync(shop.dataDir, { recursive: true, force: true });
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });
});
