import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyBackup } from '../../../modules/backup/index.ts';
import { appliedMigrations, knownMigrations } from '../../../modules/shared/db/index.ts';
import { upgradeDatabase, type UpgradeOptions } from '../../../src/server/upgrade.ts';
import { backends } from '../../support/databases.ts';
import { databaseFingerprint } from '../../support/database-fingerprint.ts';
import { FAILING, plantedFailing, plantedOk } from '../../support/planted-migrations.ts';
import { emptyPlace, fillShop, openPlace, type Place } from '../backup/shop.ts';

const log = pino({ level: 'silent' });
const at = new Date('2026-12-07T22:00:00.000Z');

/** Opens the place, runs `work` on it and closes it again (PGlite allows one open instance). */
async function withPlace<T>(place: Place, work: (handle: Awaited<ReturnType<typeof openPlace>>) => Promise<T>): Promise<T> {
  const handle = await openPlace(place);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const upgrade = (place: Place, extra: UpgradeOptions['migrations'] = {}, more: Partial<UpgradeOptions> = {}) => withPlace(place, (database) => upgradeDatabase({
  database, dataDir: place.dataDir, databaseUrl: place.databaseUrl, migrateWithoutBackup: false, s3: null, appVersion: '0.1.0', log,
  migrations: { ...knownMigrations, ...extra }, now: () => at, ...more,
}));
const fingerprintOf = (place: Place) => withPlace(place, (h) => databaseFingerprint(h.db));
const appliedIn = (place: Place) => withPlace(place, (h) => appliedMigrations(h.db));
const backupsIn = (place: Place) => (existsSync(join(place.dataDir, 'backups')) ? readdirSync(join(place.dataDir, 'backups')) : []);

describe.each(backends.map((b) => b.name))('an upgrade on %s', (kind) => {
  const places: Place[] = [];
  const shop = async () => {
    const place = await emptyPlace(kind);
    places.push(place);
    await fillShop(place);
    return place;
  };
  afterAll(async () => {
    for (const p of places) { await p.drop(); rmSync(p.dataDir, { recursive: true, force: true }); }
  });

  it('given a shop with data, when an upgrade\'s migrations run and the last one fails, then the database is exactly as it was and the backup taken first verifies', { timeout: 180_000 }, async () => {
    const place = await shop();
    const before = await fingerprintOf(place);
    const levelBefore = (await appliedIn(place)).at(-1);

    const outcome = await upgrade(place, plantedFailing);

    expect(outcome).toMatchObject({ ok: false, maintenance: { reason: 'migration-failed', migration: FAILING } });
    if (outcome.ok) return;
    expect(outcome.maintenance.message).toContain('no_such_table_planted_to_fail');
    expect(await fingerprintOf(place)).toEqual(before);
    expect(backupsIn(place)).toEqual(['pre-migration-2026-12-07T22-00-00-000Z.tar']);
    const backup = join(place.dataDir, 'backups', 'pre-migration-2026-12-07T22-00-00-000Z.tar');
    expect(outcome.maintenance.backup).toBe(backup);
    expect(outcome.maintenance.action).toContain(`npm run restore -- --force ${backup}`);
    expect(verifyBackup(backup)).toMatchObject({ database: kind, migrationLevel: levelBefore });

    // The planted migration gone (the previous version), the same database starts as before.
    expect(await upgrade(place)).toEqual({ ok: true, applied: [], backup: null });
    expect(await fingerprintOf(place)).toEqual(before);
  });

  it('given a database a newer version migrated, when this version starts, then it refuses naming the unknown migration and changes nothing; restoring the backup taken before that upgrade brings this version back', { timeout: 180_000 }, async () => {
    const place = await shop();
    const before = await fingerprintOf(place);
    const newer = await upgrade(place, plantedOk);
    expect(newer).toMatchObject({ ok: true, applied: ['zz_9001_planted_newer'] });
    const backup = newer.ok ? newer.backup! : '';
    expect(basename(backup)).toMatch(/^pre-migration-.*\.tar$/);
    const upgraded = await fingerprintOf(place);
    expect(upgraded).not.toEqual(before);

    const refused = await upgrade(place, {}, { now: () => new Date(at.getTime() + 60_000) });

    expect(refused).toMatchObject({ ok: false, maintenance: { reason: 'database-newer', migration: 'zz_9001_planted_newer', backup } });
    if (refused.ok) return;
    expect(refused.maintenance.message).toContain('zz_9001_planted_newer');
    expect(refused.maintenance.action).toContain('Run the newer version');
    expect(refused.maintenance.action).toContain(`npm run restore -- --force ${backup}`);
    expect(await fingerprintOf(place)).toEqual(upgraded);
    expect(backupsIn(place)).toHaveLength(1);

    // The way back the action names: the restore, then this version starts on the database as it was.
    await restoreBackup({ file: backup, dataDir: place.dataDir, databaseUrl: place.databaseUrl, force: true });
    expect(await upgrade(place)).toEqual({ ok: true, applied: [], backup: null });
    expect(await fingerprintOf(place)).toEqual(before);
  });

  it('given the backup before migrating cannot be written, when an upgrade starts, then nothing is migrated; with MIGRATE_WITHOUT_BACKUP it migrates', { timeout: 180_000 }, async () => {
    const place = await shop();
    const before = await fingerprintOf(place);
    writeFileSync(join(place.dataDir, 'backups'), 'a file where the backups folder should be');

    const refused = await upgrade(place, plantedOk);

    expect(refused).toMatchObject({ ok: false, maintenance: { reason: 'backup-failed', migration: null, backup: null } });
    if (refused.ok) return;
    expect(refused.maintenance.action).toContain('MIGRATE_WITHOUT_BACKUP=1');
    expect(await fingerprintOf(place)).toEqual(before);

    expect(await upgrade(place, plantedOk, { migrateWithoutBackup: true })).toEqual({ ok: true, applied: ['zz_9001_planted_newer'], backup: null });
    expect(await appliedIn(place)).toContain('zz_9001_planted_newer');
  });

  it('given an empty database, when the server first starts, then it migrates without a backup', { timeout: 120_000 }, async () => {
    const place = await emptyPlace(kind);
    places.push(place);
    const outcome = await upgrade(place);
    expect(outcome).toMatchObject({ ok: true, backup: null });
    expect(outcome.ok && [...outcome.applied].sort()).toEqual(Object.keys(knownMigrations).sort());
    expect(backupsIn(place)).toEqual([]);
  });
});
