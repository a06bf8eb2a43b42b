import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../../modules/backup/index.ts';
import { connectPglite, connectPostgres } from '../../modules/shared/db/index.ts';
import { onPostgres, withoutPostgres } from '../support/databases.ts';
import { databaseFingerprint } from '../support/database-fingerprint.ts';
import { FAILING } from '../support/planted-migrations.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const root = join(import.meta.dirname, '..', '..');
const PRELOAD = join(root, 'tests', 'support', 'plant-migrations.ts');

type Health = { status: string; reason?: string; migration?: string | null; message?: string; action?: string; backup?: string | null };

/** The database a stopped server leaves, fingerprinted (the server is stopped: PGlite allows one process). */
async function fingerprint(server: RunningServer) {
  const handle = server.database ? connectPostgres(server.database.url) : await connectPglite(join(server.dataDir, 'pgdata'));
  try {
    return await databaseFingerprint(handle.db);
  } finally {
    await handle.close();
  }
}

/** Waits for a server in maintenance: /healthz answers 503 with its reason. */
async function maintenanceHealth(server: RunningServer): Promise<Health> {
  let health: Health | undefined;
  await expect.poll(async () => {
    if (server.process.exitCode !== null) throw new Error(`the server exited (${server.process.exitCode}):\n${server.output()}`);
    const res = await fetch(`${server.url}/healthz`).catch(() => null);
    if (res?.status !== 503) return null;
    health = await res.json() as Health;
    return health.status;
  }, { timeout: 60_000, interval: 200 }).toBe('maintenance');
  return health!;
}

const preMigrationBackups = (server: RunningServer) => readdirSync(join(server.dataDir, 'backups')).filter((n) => n.startsWith('pre-migration-'));

const kinds = [{ name: 'pglite', usePostgres: false }, ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', usePostgres: true }] : [])];

describe.each(kinds)('a server whose upgrade cannot go on, on $name', ({ usePostgres }) => {
  const running: RunningServer[] = [];
  // Servers share their data by `reuse`: each stopped keeping it, then every data directory and database deleted once.
  afterAll(async () => {
    for (const s of running) await s.stop({ keepData: true });
    for (const dir of new Set(running.map((s) => s.dataDir))) rmSync(dir, { recursive: true, force: true });
    for (const db of new Set(running.map((s) => s.database))) await db?.drop();
  });
  const start = async (env: Record<string, string>, opts: Parameters<typeof startServer>[1]) => {
    const server = await startServer(env, { usePostgres, ...opts });
    running.push(server);
    return server;
  };

  it('given a shop with data, when a new version\'s migration fails, then it serves the maintenance page, the API and /healthz 503 with why, leaves the database as it was with a verified backup, and the previous version starts again', { timeout: 240_000 }, async () => {
    const first = await start({}, {});
    expect(await first.stop({ keepData: true })).toBe(0);
    const before = await fingerprint(first);

    const broken = await start({ PLANTED: 'failing' }, { reuse: first, waitReady: false, preload: PRELOAD });
    const health = await maintenanceHealth(broken);
    const [backupName] = preMigrationBackups(broken);
    const backup = join(broken.dataDir, 'backups', backupName!);
    expect(health).toMatchObject({ status: 'maintenance', reason: 'migration-failed', migration: FAILING, backup });
    expect(health.message).toContain('rolled back');
    expect(health.action).toContain('previous version');
    expect(health.action).toContain(`npm run restore -- --force ${backup}`);

    const page = await fetch(`${broken.url}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('300');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const polish = await page.text();
    expect(polish).toContain('<html lang="pl">');
    expect(polish).toContain('Przerwa techniczna');
    expect(polish).toContain('Twoje dane są bezpieczne.');
    const english = await fetch(`${broken.url}/katalog?lang=en`);
    expect(english.status).toBe(503);
    expect(await english.text()).toContain('Down for maintenance');
    const byCookie = await fetch(`${broken.url}/konto`, { headers: { cookie: 'lang=en' } });
    expect(await byCookie.text()).toContain('The site is unavailable for a while');

    const api = await fetch(`${broken.url}/api/catalogue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('300');
    expect(await api.json()).toEqual({ message: 'Serwis jest w trakcie prac technicznych. Spróbuj ponownie za kilka minut.' });

    expect(broken.output()).toMatch(/"level":60.*"reason":"migration-failed"/);
    expect(await broken.stop({ keepData: true })).toBe(0);
    expect(broken.output()).toContain('"msg":"stopped"');

    expect(await fingerprint(broken)).toEqual(before);
    expect(verifyBackup(backup)).toMatchObject({ database: usePostgres ? 'postgres' : 'pglite' });

    // The bad migration gone (the previous version): the same data directory and database start the shop.
    const again = await start({}, { reuse: broken });
    const res = await fetch(`${again.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('given a database a newer version migrated, when this version starts, then it refuses in maintenance naming the migration; `npm run restore -- --force` with the backup taken before that upgrade brings this version back', { timeout: 240_000 }, async () => {
    const first = await start({}, {});
    expect(await first.stop({ keepData: true })).toBe(0);
    const before = await fingerprint(first);

    const newer = await start({ PLANTED: 'newer' }, { reuse: first, preload: PRELOAD });
    expect(newer.output()).toContain('backup taken before migrating');
    expect(await newer.stop({ keepData: true })).toBe(0);
    const [backupName] = preMigrationBackups(newer);
    const backup = join(newer.dataDir, 'backups', backupName!);

    const older = await start({}, { reuse: newer, waitReady: false });
    const health = await maintenanceHealth(older);
    expect(health).toMatchObject({ status: 'maintenance', reason: 'database-newer', migration: 'zz_9001_planted_newer', backup });
    expect(health.message).toContain('zz_9001_planted_newer');
    expect(health.action).toContain(`npm run restore -- --force ${backup}`);
    expect((await fetch(`${older.url}/`)).status).toBe(503);
    expect(await older.stop({ keepData: true })).toBe(0);

    // What the README documents for going back, as a self-hoster runs it.
    const restore = spawnSync('npm', ['run', 'restore', '--', '--force', backup], {
      cwd: root, encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', DATA_DIR: older.dataDir, ...(older.database ? { DATABASE_URL: older.database.url } : {}) },
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(await fingerprint(older)).toEqual(before);

    const back = await start({}, { reuse: older });
    expect((await fetch(`${back.url}/healthz`)).status).toBe(200);
  });
});

describe('a PostgreSQL server without pg_dump at an upgrade', () => {
  const running: RunningServer[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop({ keepData: true });
    rmSync(running[0]?.dataDir ?? '/nonexistent', { recursive: true, force: true });
    await running[0]?.database?.drop();
  });

  it.skipIf(withoutPostgres)(onPostgres('does not migrate: maintenance with reason backup-failed saying what to do; MIGRATE_WITHOUT_BACKUP=1 migrates'), { timeout: 240_000 }, async () => {
    const first = await startServer({}, { usePostgres: true });
    running.push(first);
    expect(await first.stop({ keepData: true })).toBe(0);
    const before = await fingerprint(first);

    // A PATH without pg_dump (the image's today): node itself is started by its full path.
    const bare = { PATH: '/nonexistent', PLANTED: 'newer' };
    const refused = await startServer(bare, { reuse: first, waitReady: false, preload: PRELOAD });
    running.push(refused);
    const health = await maintenanceHealth(refused);
    expect(health).toMatchObject({ reason: 'backup-failed', migration: null, backup: null });
    expect(health.message).toContain('pg_dump is not installed');
    expect(health.action).toContain('MIGRATE_WITHOUT_BACKUP=1');
    expect(await refused.stop({ keepData: true })).toBe(0);
    expect(await fingerprint(refused)).toEqual(before);

    const forced = await startServer({ ...bare, MIGRATE_WITHOUT_BACKUP: '1' }, { reuse: refused, preload: PRELOAD });
    running.push(forced);
    expect(forced.output()).toContain('migrating without one (MIGRATE_WITHOUT_BACKUP)');
    expect(forced.output()).toContain('zz_9001_planted_newer');
  });
});
