// Scheduled backups and restore drills as the server runs them (modules/backup/schedule.ts), driven by the injected
// clock: each instance ticks, its outbox worker delivers; no sleeps.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { runDrill } from '../../../modules/backup/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import type { DatabaseHandle } from '../../../modules/shared/db/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { wireModules } from '../../../src/server/modules.ts';
import { outboxMails } from '../../support/accounts-module.ts';
import { backends, onPostgres, withoutPostgres } from '../../support/databases.ts';
import { NO_RECORDINGS } from '../../support/invoicing-app.ts';
import { emptyPlace, fillShop, openPlace, type Place } from './shop.ts';

const ADMINS = 'szef@example.com,boss@example.com';

/** One server instance on `handle`: its modules (the injected clock) and an outbox worker of every topic. */
function instance(handle: DatabaseHandle, place: Place, backupDir: string, clock: ReturnType<typeof fixedClock>) {
  const config = { ...parseEnv({
    PUBLIC_URL: 'https://gestalt.test', ...NO_RECORDINGS, DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    ADMIN_EMAILS: ADMINS, BACKUP_DIR: backupDir, BACKUP_HOUR: '3', DRILL_SCHEDULE: 'daily', DRILL_HOUR: '2',
    BACKUP_KEEP_DAILY: '1', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MONTHLY: '0',
  }), JWT_SECRET: 'k'.repeat(40) };
  const store = createEventStore(handle.db);
  const wired = wireModules({ config, log: pino({ level: 'silent' }), db: handle.db, store, clock }, { backups: { database: handle, appVersion: '0.1.0' } });
  const paused = wired.outboxLanes.filter((lane) => lane.concurrency === 0).flatMap((lane) => lane.topics);
  const worker = createOutboxWorker(handle.db, { handlers: wired.outboxHandlers, exceptTopics: paused, backoffMs: () => 0, maxAttempts: 1 });
  return { services: wired.services, backup: wired.services.backup, drain: () => worker.drainOnce() };
}

const drillMails = async (handle: DatabaseHandle) => (await outboxMails(handle)).filter((m) => /drill|próba|verified|sprawdzona/i.test(m.subject));

/** Flips one byte inside the first member of a backup (the database): its SHA-256 no longer matches the manifest. */
function alter(file: string) {
  const bytes = readFileSync(file);
  bytes[512 + 100] = bytes[512 + 100]! ^ 0xff;
  writeFileSync(file, bytes);
}

describe.each(backends.map((b) => b.name))('scheduled backups and drills on %s', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanup.reverse()) await c(); });

  it('given a shop, when the clock passes 03:00 Warsaw, then one backup is taken, the drill passes, a drill of an altered backup fails with one mail per admin in their language, an overdue drill is mailed once, a read model the events do not give fails the drill, and retention deletes only the schedule\'s files', { timeout: 300_000 }, async () => {
    const place = await emptyPlace(kind);
    await fillShop(place);
    const backupDir = mkdtempSync(join(tmpdir(), 'gestalt-scheduled-'));
    const handle = await openPlace(place);
    cleanup.push(async () => { await handle.close(); await place.drop(); rmSync(place.dataDir, { recursive: true, force: true }); rmSync(backupDir, { recursive: true, force: true }); });
    // Monday 14 December 2026, 01:59 in Warsaw (CET): neither the backup (03:00) nor the drill (02:00) is due.
    const clock = fixedClock('2026-12-14T00:59:00Z');
    const server = instance(handle, place, backupDir, clock);
    // One admin has an English account, the other none (Polish).
    await server.services.accounts.register({ name: 'Boss', email: 'boss@example.com', phone: '+48 600 100 201', password: 'pierwsze' }, { ip: '10.9.0.1', language: 'en' });
    await server.backup.tick();
    await server.drain();
    expect(readdirSync(backupDir)).toEqual([]);
    expect(await server.backup.status()).toEqual({ lastBackup: null, lastDrill: null, lastVerified: null, attention: null });

    // 03:30 Warsaw: the day's backup, then the day's drill (due since 02:00) of that backup.
    clock.set('2026-12-14T02:30:00Z');
    await server.backup.tick();
    await server.drain();
    const [file] = readdirSync(backupDir);
    expect(file).toMatch(/^gestalt-backup-2026-12-14T02-30-00-000Z\.tar$/);
    const status = await server.backup.status();
    expect(status.lastBackup).toMatchObject({ at: new Date('2026-12-14T02:30:00Z'), file: join(backupDir, file!) });
    expect(status.lastBackup!.size).toBeGreaterThan(3 << 20);
    expect(status.lastDrill).toEqual({ at: new Date('2026-12-14T02:30:00Z'), ok: true, message: null, backupAt: new Date('2026-12-14T02:30:00Z') });
    expect(status.lastVerified).toEqual({ at: new Date('2026-12-14T02:30:00Z'), backupAt: new Date('2026-12-14T02:30:00Z') });
    expect(status.attention).toBeNull();

    // Later the same day, ticks again: nothing more. A backup made by hand beside them is not the schedule's.
    const byHand = 'gestalt-backup-2026-01-01T00-00-00-000Z.tar';
    writeFileSync(join(backupDir, byHand), 'made by npm run backup');
    clock.set('2026-12-14T20:00:00Z');
    await server.backup.tick();
    await server.drain();
    expect(readdirSync(backupDir).sort()).toEqual([byHand, file]);

    // The backup is altered; Tuesday 02:30 Warsaw: the drill (before the 03:00 backup) fails, and says why.
    alter(join(backupDir, file!));
    clock.set('2026-12-15T01:30:00Z');
    for (let i = 0; i < 2; i++) { await server.backup.tick(); await server.drain(); }
    const failed = await server.backup.status();
    expect(failed.lastDrill).toMatchObject({ ok: false, at: new Date('2026-12-15T01:30:00Z') });
    expect(failed.lastDrill!.message).toMatch(/not a good backup.*SHA-256/);
    expect(failed.lastVerified!.at).toEqual(new Date('2026-12-14T02:30:00Z'));
    expect(failed.attention).toMatchObject({ kind: 'drill-failed' });
    const mails = await drillMails(handle);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['boss@example.com', 'Gestalt Online: the backup restore drill failed'],
      ['szef@example.com', 'Gestalt Online: próba odtworzenia kopii zapasowej nie powiodła się'],
    ]);
    expect(mails.find((m) => m.to === 'boss@example.com')!.text).toMatch(/does not match its SHA-256/);

    // Tuesday 22nd, 02:31 Warsaw: the drill fails again (a new period), for the only backup is eight days old, so daily
    // backups have been failing. Not yet eight days since the last passing drill (14th, 03:30 Warsaw).
    clock.set('2026-12-22T01:31:00Z');
    await server.backup.tick();
    await server.drain();
    expect((await server.backup.status()).lastDrill!.message).toMatch(/latest scheduled backup is from 2026-12-14T02:30:00.000Z: backups have failed since/);
    // 03:35 Warsaw, eight days and five minutes after it: one overdue notice per admin, and no second one an hour later.
    for (const at of ['2026-12-22T02:35:00Z', '2026-12-22T03:35:00Z']) {
      clock.set(at);
      await server.backup.tick();
      await server.drain();
    }
    const overdue = (await drillMails(handle)).filter((m) => /8/.test(m.subject));
    expect(overdue.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['boss@example.com', 'Gestalt Online: no backup has been verified for 8 days'],
      ['szef@example.com', 'Gestalt Online: od 8 dni żadna kopia zapasowa nie została sprawdzona'],
    ]);

    // A read model that a rebuild from the events would not give (changed behind the kernel's back): the next backup
    // records its hash, and that day's drill rebuilds it from the restored events and names the table that differs.
    await (handle.db as unknown as Kysely<{ users: { token_version: number } }>).updateTable('users').set({ token_version: 99 }).execute();
    clock.set('2026-12-23T02:30:00Z');
    await server.backup.tick();
    await server.drain();
    const differs = await server.backup.status();
    expect(differs.lastBackup!.at).toEqual(new Date('2026-12-23T02:30:00Z'));
    expect(differs.lastDrill).toMatchObject({ ok: false, message: 'The restored read models differ from the backup\'s: users.' });
    // Retention (1 daily here): the 14th's backup is deleted, the one made by hand is not this schedule's to delete.
    expect(readdirSync(backupDir).sort()).toEqual([byHand, 'gestalt-backup-2026-12-23T02-30-00-000Z.tar']);
  });
});

describe('scheduled backups with several instances', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanup.reverse()) await c(); });

  it.skipIf(withoutPostgres)(onPostgres('given two instances on one PostgreSQL, when both tick and deliver at once, then the period\'s backup is taken once; when the one holding it dies, the other takes it; a role without CREATEDB gets a clear drill failure'), { timeout: 300_000 }, async () => {
    const place = await emptyPlace('postgres');
    await fillShop(place);
    const backupDir = mkdtempSync(join(tmpdir(), 'gestalt-scheduled-'));
    const [a, b] = [await openPlace(place), await openPlace(place)];
    cleanup.push(async () => { await a.close(); await b.close(); await place.drop(); rmSync(place.dataDir, { recursive: true, force: true }); rmSync(backupDir, { recursive: true, force: true }); });
    const clock = fixedClock('2026-12-14T02:30:00Z');
    const one = instance(a, place, backupDir, clock);
    const two = instance(b, place, backupDir, clock);
    await Promise.all([one.backup.tick(), two.backup.tick(), one.backup.tick()]);
    await Promise.all([one.drain(), two.drain()]);
    await Promise.all([one.backup.tick(), two.backup.tick()]);
    await Promise.all([one.drain(), two.drain()]);
    expect(readdirSync(backupDir)).toHaveLength(1);
    const taken = await a.db.selectFrom('events').select('type').where('stream_id', '=', 'backups').orderBy('position').execute();
    expect(taken.map((e) => e.type)).toEqual(['BackupTaken', 'DrillPassed']);
    expect((await two.backup.status()).lastVerified).not.toBeNull();

    // The next day an instance claims the backup and dies (its lease runs out): the other takes it.
    clock.set('2026-12-15T02:30:00Z');
    await one.backup.tick();
    await a.db.updateTable('outbox').set({ claim_token: 'dead-instance', claimed_until: new Date(Date.now() - 1000), attempts: 1 })
      .where('dedupe_key', '=', 'backup.scheduled:2026-12-15').execute();
    await two.drain();
    expect((await two.backup.status()).lastBackup!.at).toEqual(new Date('2026-12-15T02:30:00Z'));
    // (one daily backup kept here: the 14th's is gone)
    expect(readdirSync(backupDir)).toEqual(['gestalt-backup-2026-12-15T02-30-00-000Z.tar']);

    // A role that may not create databases: the drill says so rather than failing obscurely.
    const role = `gestalt_nocreatedb_${Date.now().toString(36)}`;
    await sql.raw(`create role ${role} login nocreatedb`).execute(a.db);
    cleanup.push(async () => { await sql.raw(`drop role if exists ${role}`).execute(a.db).catch(() => {}); });
    const url = new URL(place.databaseUrl!);
    url.username = role;
    const outcome = await runDrill({ file: join(backupDir, readdirSync(backupDir).sort().at(-1)!), databaseUrl: url.href, projections: [] });
    expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/may not create databases.*CREATEDB.*DRILL_SCHEDULE=off/) });
  });
});
