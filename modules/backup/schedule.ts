// The running server's backups and restore drills (issue 35). Every instance ticks (each minute, and the tests with
// the injected clock): a period's run that is due is queued as an outbox row whose dedupe key names the period, so
// of several instances on one PostgreSQL exactly one row exists, one worker claims it, and a worker that dies
// mid-backup loses its lease to another. The `backups` stream records each period once (history.ts), so a retry
// after a crash between the backup and the row's completion decides nothing.
import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Config } from '../shared/config/index.ts';
import type { DatabaseHandle, ModuleDb } from '../shared/db/index.ts';
import { handleCommand, systemClock, type CommandOptions, type ModuleContext } from '../shared/kernel/index.ts';
import { addToOutbox, renewClaim, type OutboxHandler } from '../shared/outbox/index.ts';
import { alertMails, type Admin } from './alert-mail.ts';
import { duePeriod, type Schedule } from './calendar.ts';
import { runDrill } from './drill.ts';
import { s3SettingsOf } from '../recordings/index.ts';
import { BACKUPS_STREAM, backupDecider, type BackupCommand, type BackupEvent, type BackupState } from './history.ts';
import { liveDump } from './live-dump.ts';
import { historyProjection } from './projection.ts';
import { backupsToKeep } from './retention.ts';
import { backupShop } from './s3-backup.ts';
import type { BackupTables } from './schema.ts';

export const BACKUP_TOPIC = 'backup.scheduled';
export const DRILL_TOPIC = 'backup.drill';
/** A lane of its own: a backup of gigabytes never holds mail back, and its lease is renewed while it runs. */
const LEASE_MS = 10 * 60_000;
/** A daily backup missed for longer than this fails the drill (a retried backup has had a day and more to succeed). */
const STALE_AFTER_MS = 2 * 86_400_000 + 3_600_000;
export const backupLane = { topics: [BACKUP_TOPIC, DRILL_TOPIC], leaseMs: LEASE_MS, batchSize: 1, concurrency: 1 } as const;

export type BackupPorts = {
  /** The server's open database (its live dump); absent, scheduled backups are off (a script's wiring). */
  database?: DatabaseHandle;
  /** The admins to mail, each with their language. */
  admins: () => Promise<Admin[]>;
  appVersion: string;
};

export function schedulesOf(config: Config): { backup: Schedule; drill: Schedule } {
  return {
    backup: config.BACKUP_SCHEDULE === 'off' ? { every: 'never' } : { every: 'day', hour: config.BACKUP_HOUR },
    drill: config.DRILL_SCHEDULE === 'off' ? { every: 'never' } : config.DRILL_SCHEDULE === 'daily' ? { every: 'day', hour: config.DRILL_HOUR } : { every: 'week', weekday: 7, hour: config.DRILL_HOUR },
  };
}

export type BackupStatus = {
  lastBackup: { at: Date; file: string; size: number } | null;
  lastDrill: { at: Date; ok: boolean; message: string | null; backupAt: Date | null } | null;
  /** The last drill that passed: the panel's "last verified backup". */
  lastVerified: { at: Date; backupAt: Date } | null;
  /** What the admin should look at: the last drill failed, or none has passed for DRILL_OVERDUE_DAYS; null when all is well or off. */
  attention: null | { kind: 'drill-failed'; message: string } | { kind: 'overdue'; days: number };
};

export function createBackups(ctx: ModuleContext, ports: BackupPorts) {
  const db = ctx.db as unknown as ModuleDb<BackupTables>;
  const deps = { db, store: ctx.store };
  const clock = ctx.clock ?? systemClock;
  const { config } = ctx;
  const schedules = schedulesOf(config);
  const overdueMs = config.DRILL_OVERDUE_DAYS * 86_400_000;
  const site = { name: config.SITE_NAME, origin: config.PUBLIC_URL };
  const record = (command: BackupCommand, outbox?: CommandOptions<BackupCommand, BackupEvent, BackupState>['outbox']) =>
    handleCommand(deps, backupDecider, BACKUPS_STREAM, command, { metadata: { actor: 'backup-schedule' }, ...(outbox ? { outbox } : {}) });
  const recorded = async (kind: 'backup' | 'drill' | 'overdue', period: string) =>
    Boolean(await db.selectFrom('backup_history').select('period').where('kind', '=', kind).where('period', '=', period).executeTakeFirst());

  /** Keeps the claim while long work runs; a lost claim is only logged (the stream still records the period once). */
  async function holding<T>(message: { id: number; claimToken: string }, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => void renewClaim(db, message.id, message.claimToken, LEASE_MS).catch((err: unknown) => ctx.log.warn({ err }, 'renewing the backup claim failed')), LEASE_MS / 5);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** Deletes the backups the retention rules let go: only files this shop's stream recorded, inside BACKUP_DIR. */
  async function prune(now: Date) {
    const rows = await db.selectFrom('backup_history').select(['at', 'file']).where('kind', '=', 'backup').execute();
    const dir = resolve(config.BACKUP_DIR) + sep;
    const present = rows.filter((r) => r.file && resolve(r.file).startsWith(dir) && existsSync(r.file));
    const keep = new Set(backupsToKeep(present.map((r) => new Date(r.at)), now, { daily: config.BACKUP_KEEP_DAILY, weekly: config.BACKUP_KEEP_WEEKLY, monthly: config.BACKUP_KEEP_MONTHLY }).map((d) => d.getTime()));
    for (const row of present) if (!keep.has(new Date(row.at).getTime())) rmSync(row.file!, { force: true });
  }

  const takeBackup: OutboxHandler = async (payload, message) => {
    const { period } = payload as { period: string };
    if (!ports.database || (await recorded('backup', period))) return;
    const live = liveDump(ports.database, { databaseUrl: config.DATABASE_URL, readModels: ctx.store.projections.flatMap((p) => p.tables) });
    const { file } = await holding(message, () => backupShop({ dataDir: config.DATA_DIR, appVersion: ports.appVersion, target: `${config.BACKUP_DIR}/`, s3: s3SettingsOf(config), now: clock, live }));
    await record({ type: 'RecordBackup', period, at: clock().toISOString(), file, size: statSync(file).size });
    ctx.log.info({ file, period }, 'scheduled backup taken');
    await prune(clock());
  };

  const drill: OutboxHandler = async (payload, message) => {
    const { period } = payload as { period: string };
    if (await recorded('drill', period)) return;
    const latest = (await db.selectFrom('backup_history').select(['file', 'at']).where('kind', '=', 'backup').orderBy('at', 'desc').execute()).find((r) => r.file && existsSync(r.file));
    // Daily backups that keep failing would leave the drill passing on an old one: two days without one fails it.
    const stale = latest && clock().getTime() - new Date(latest.at).getTime() > STALE_AFTER_MS;
    const outcome = !latest?.file
      ? { ok: false as const, message: `There is no scheduled backup in ${config.BACKUP_DIR} to restore (BACKUP_SCHEDULE=off, or the folder is not shared by every instance).` }
      : stale ? { ok: false as const, message: `The latest scheduled backup is from ${new Date(latest.at).toISOString()}: backups have failed since (see the server log).` }
        : await holding(message, () => runDrill({ file: latest.file!, databaseUrl: config.DATABASE_URL, projections: ctx.store.projections }));
    const at = clock().toISOString();
    const admins = outcome.ok ? [] : await ports.admins();
    await record({ type: 'RecordDrill', period, at, file: latest?.file ?? null, outcome: outcome.ok ? { ok: true, backupAt: outcome.backupAt } : outcome },
      (events) => events.flatMap((e) => (e.type === 'DrillFailed' ? alertMails(admins, { kind: 'failed', period, at, message: e.data.message }, site) : [])));
    ctx.log[outcome.ok ? 'info' : 'error']({ period, file: latest?.file, message: outcome.message }, outcome.ok ? 'restore drill passed' : 'restore drill failed');
  };

  async function status(): Promise<BackupStatus> {
    const last = (kind: 'backup' | 'drill', passed = false) => db.selectFrom('backup_history').selectAll().where('kind', '=', kind)
      .$if(passed, (q) => q.where('ok', '=', true)).orderBy('at', 'desc').limit(1).executeTakeFirst();
    const [backup, drillRow, verified, first] = await Promise.all([last('backup'), last('drill'), last('drill', true),
      db.selectFrom('backup_history').select('at').where('kind', '=', 'backup').orderBy('at').limit(1).executeTakeFirst()]);
    const lastDrill = drillRow ? { at: new Date(drillRow.at), ok: Boolean(drillRow.ok), message: drillRow.message, backupAt: drillRow.backup_at ? new Date(drillRow.backup_at) : null } : null;
    const since = verified ? new Date(verified.at) : first ? new Date(first.at) : null;
    const on = Boolean(ports.database) && schedules.backup.every !== 'never' && schedules.drill.every !== 'never';
    const attention: BackupStatus['attention'] = lastDrill && !lastDrill.ok ? { kind: 'drill-failed', message: lastDrill.message ?? '' }
      : on && since && clock().getTime() - since.getTime() >= overdueMs ? { kind: 'overdue', days: config.DRILL_OVERDUE_DAYS } : null;
    return {
      attention,
      lastBackup: backup ? { at: new Date(backup.at), file: backup.file!, size: Number(backup.size) } : null,
      lastDrill,
      lastVerified: verified ? { at: new Date(verified.at), backupAt: new Date(verified.backup_at ?? verified.at) } : null,
    };
  }

  /** No drill has passed for DRILL_OVERDUE_DAYS since the last one that did (or the first backup): the admins, once. */
  async function checkOverdue(now: Date) {
    if (!ports.database || schedules.drill.every === 'never' || schedules.backup.every === 'never') return;
    const { lastVerified } = await status();
    const first = await db.selectFrom('backup_history').select('at').where('kind', '=', 'backup').orderBy('at').limit(1).executeTakeFirst();
    const since = lastVerified?.at ?? (first ? new Date(first.at) : null);
    if (!since || now.getTime() - since.getTime() < overdueMs) return;
    if (await recorded('overdue', since.toISOString())) return;
    const admins = await ports.admins();
    await record({ type: 'NoticeOverdue', now: now.toISOString(), limitMs: overdueMs },
      (events) => events.flatMap((e) => (e.type === 'DrillOverdue' ? alertMails(admins, { kind: 'overdue', since: e.data.since, days: config.DRILL_OVERDUE_DAYS }, site) : [])));
  }

  return {
    projections: [historyProjection],
    outboxHandlers: { [BACKUP_TOPIC]: takeBackup, [DRILL_TOPIC]: drill } as Record<string, OutboxHandler>,
    lane: backupLane,
    status,
    /** Queues the runs that are due (once per period across instances) and the overdue notice; cheap, call it each minute. */
    async tick(): Promise<void> {
      const now = clock();
      // Without scheduled backups there is nothing of the server's to drill (a drill of `npm run backup` files is by hand).
      const due = ports.database ? [
        { topic: BACKUP_TOPIC, period: duePeriod(schedules.backup, now) },
        { topic: DRILL_TOPIC, period: schedules.backup.every === 'never' ? null : duePeriod(schedules.drill, now) },
      ].filter((d) => d.period !== null) : [];
      if (due.length > 0) await addToOutbox(db, due.map((d) => ({ topic: d.topic, dedupeKey: `${d.topic}:${d.period}`, payload: { period: d.period } })));
      await checkOverdue(now);
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
