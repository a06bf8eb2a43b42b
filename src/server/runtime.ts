import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ConfigError, loadConfig, type Config } from '../../modules/shared/config/index.ts';
import { s3SettingsOf } from '../../modules/recordings/index.ts';
import { connectDatabase, knownMigrations, type DatabaseHandle } from '../../modules/shared/db/index.ts';
import { createEventStore, createLogFollower, type EventStore, type LogFollower } from '../../modules/shared/events/index.ts';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker } from '../../modules/shared/outbox/index.ts';
import { createLogger, readableLog, type Logger } from './logger.ts';
import { trackLogFreshness } from './log-freshness.ts';
import { observeHttp, type HttpObserver } from './http-observer.ts';
import { holdPagesWhileBehind, recallSessionsWith } from './page-cache/index.ts';
import { wireModules, type Services } from './modules.ts';
import { upgradeDatabase, type Maintenance } from './upgrade.ts';
import packageJson from '../../package.json' with { type: 'json' };

export type Runtime = {
  config: Config;
  log: Logger;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  store: EventStore;
  outbox: OutboxWorker;
  follower: LogFollower;
  http: HttpObserver;
  services: Services;
  health(): Promise<{ database: 'up' | 'down' }>;
};

/**
 * The empty PGlite data directory the build makes (scripts/pgdata-template.mjs) beside the built server: this file
 * is bundled into dist/server/chunks/. Elsewhere (astro dev) there is none, and a new database runs initdb.
 */
const PGLITE_TEMPLATE = fileURLToPath(new URL('../pgdata-template', import.meta.url));

async function connectWithRetry(config: Config, log: Logger): Promise<DatabaseHandle> {
  const deadline = Date.now() + 30_000;
  for (let attempt = 1; ; attempt++) {
    const handle = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pgdata'), pgliteTemplate: PGLITE_TEMPLATE });
    try {
      await sql`select 1`.execute(handle.db);
      return handle;
    } catch (error) {
      await handle.close().catch(() => {});
      if (Date.now() > deadline) throw error;
      log.warn({ attempt, err: error }, 'database not reachable yet, retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/**
 * One worker for the usual topics and one per lane (campaign mail, reminders), driven as one: a campaign of thousands
 * or a session's reminders never hold back a password reset, and a lane's short lease brings a killed instance's
 * messages back quickly. Exported for the benchmarks, which drive the workers as the server does.
 */
export function outboxWorkers(
  db: DatabaseHandle['db'], handlers: Record<string, OutboxHandler>,
  lanes: readonly { topics: readonly string[]; leaseMs: number; batchSize: number; concurrency?: number }[], log: Logger,
): OutboxWorker {
  const workers = [
    createOutboxWorker(db, { handlers, log, exceptTopics: lanes.flatMap((l) => l.topics) }),
    // A lane of concurrency 0 has no worker on this instance (TRANSCODE_WORKERS=0): its topics wait for another's.
    ...lanes.filter((lane) => (lane.concurrency ?? 1) > 0).map((lane) => createOutboxWorker(db, { handlers, log, topics: lane.topics, leaseMs: lane.leaseMs, batchSize: lane.batchSize, concurrency: lane.concurrency ?? 1 })),
  ];
  return {
    start: () => workers.forEach((w) => w.start()),
    notify: () => workers.forEach((w) => w.notify()),
    stop: async () => { await Promise.all(workers.map((w) => w.stop())); },
    drainOnce: async () => (await Promise.all(workers.map((w) => w.drainOnce()))).reduce((a, b) => a + b, 0),
  };
}

/** How a start ended: the shop, or maintenance (upgrade.ts) with what the maintenance server needs. */
export type Startup =
  | { kind: 'ready'; runtime: Runtime }
  | { kind: 'maintenance'; state: Maintenance; config: Config; log: Logger; http: HttpObserver };

/**
 * What a test harness may hand the start (src/server/entry.ts reads it from BOOT_OPTIONS, which only a module
 * preloaded with `node --import` sets): migrations beside the real ones, e.g. one planted to fail.
 */
export type BootOptions = { extraMigrations?: Record<string, Migration> };
export const BOOT_OPTIONS = Symbol.for('gestalt-online.boot-options');

async function boot(options: BootOptions): Promise<Startup> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL, { readable: readableLog(config.NODE_ENV) });
  if (config.PUBLIC_URL_DEFAULTED) log.warn({ publicUrl: config.PUBLIC_URL }, `PUBLIC_URL is not set: links in mail and canonical URLs use ${config.PUBLIC_URL}; browse ${config.PUBLIC_URL} (the session cookie belongs to that address)`);
  const http = observeHttp(log, { hsts: config.PUBLIC_URL.startsWith('https:'), trust: config.TRUST_PROXY });
  try {
    const database = await connectWithRetry(config, log);
    const upgrade = await upgradeDatabase({
      database, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, migrateWithoutBackup: config.MIGRATE_WITHOUT_BACKUP, s3: s3SettingsOf(config),
      appVersion: packageJson.version, log, migrations: { ...knownMigrations, ...options.extraMigrations },
    });
    if (!upgrade.ok) {
      const state = upgrade.maintenance;
      log.fatal({ reason: state.reason, migration: state.migration, backup: state.backup, action: state.action }, `maintenance (${state.reason}): ${state.message}`);
      // Nothing reads the database in maintenance: closed, so it is free for the restore the action may name.
      await within(1_500, database.close(), undefined);
      return { kind: 'maintenance', state, config, log, http };
    }
    if (upgrade.applied.length > 0) log.info({ migrations: upgrade.applied, backup: upgrade.backup }, 'migrations applied');

    let outbox: OutboxWorker | null = null;
    let follower: LogFollower | null = null;
    const store = createEventStore(database.db, { onCommitted: (events) => { outbox?.notify(); follower?.committed(events); } });
    const freshness = trackLogFreshness({ readAll: (after, limit) => store.readAll(after, limit), listen: database.listen, heldBack: () => store.heldBack() });
    const wired = wireModules({ config, log, db: database.db, store }, { log: freshness, followerPosition: () => follower?.position() ?? 0,
      backups: { database, appVersion: packageJson.version } });
    outbox = outboxWorkers(database.db, wired.outboxHandlers, wired.outboxLanes, log);
    follower = createLogFollower({
      readAll: freshness.readAll,
      lastPosition: () => store.lastPosition(),
      listen: freshness.listen,
      onError: (err) => log.warn({ err }, 'following the event log failed, will retry'),
    });
    follower.subscribe((events) => wired.onCommitted(events));
    await wired.seed();
    await follower.start();
    outbox.start();
    // Scheduled backups and drills: each instance looks once a minute; the outbox makes each period's run happen once.
    const backupTick = setInterval(() => void wired.services.backup.tick().catch((err: unknown) => log.warn({ err }, 'backup schedule check failed')), 60_000);
    backupTick.unref();

    const runtime: Runtime = {
      config, log, database, db: database.db, store, outbox, follower, http, services: wired.services,
      async health() {
        try {
          await Promise.race([
            sql`select 1`.execute(database.db),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
          ]);
          return { database: 'up' };
        } catch {
          return { database: 'down' };
        }
      },
    };
    recallSessionsWith(wired.services.accounts.recallSession);
    holdPagesWhileBehind(freshness.isBehind);
    installShutdown(runtime);
    log.info({ database: database.kind, dataDir: config.DATA_DIR }, 'ready');
    return { kind: 'ready', runtime };
  } catch (error) {
    log.fatal({ err: error }, 'start-up failed');
    process.exit(1);
  }
}

/** Resolves with `fallback` if `work` has not settled within `ms`: no step of a shutdown may hang it. */
const within = <T>(ms: number, work: Promise<T>, fallback: T) => Promise.race([
  work.catch(() => fallback),
  new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref()),
]);

/** Seconds from SIGTERM to exit at the latest, whatever is in flight (orchestrators kill after 30). */
export const SHUTDOWN_DEADLINE_MS = 14_000;

function installShutdown(rt: Runtime) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    rt.log.info({ signal }, 'shutting down');
    // Whatever happens below, the process is gone before the deadline; unsent mail stays in the outbox.
    setTimeout(() => {
      rt.log.warn({ inFlight: rt.http.inFlight() }, 'shutdown deadline reached, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    const server = rt.http.server();
    server?.close();
    server?.closeIdleConnections();
    if (!(await within(8_000, rt.http.idle().then(() => true), false))) {
      rt.log.warn({ inFlight: rt.http.inFlight() }, 'requests still in flight after 8 s, closing their connections');
      server?.closeAllConnections();
      await within(1_000, rt.http.idle(), undefined);
    }
    await within(3_000, Promise.all([rt.outbox.stop(), rt.follower.stop()]), undefined);
    await within(1_500, rt.database.close(), undefined);
    rt.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** What pages and endpoints see of the runtime: module services, never the raw database or event store. */
export type WebRuntime = Pick<Runtime, 'config' | 'log' | 'services' | 'health'>;

let booting: Promise<Startup> | null = null;

/** The process-wide start, once (the first caller's options count): the shop's runtime, or maintenance. */
export function startUp(options: BootOptions = {}): Promise<Startup> {
  booting ??= boot(options);
  return booting;
}

/** The process-wide runtime: config, database (migrated and seeded), event store, outbox worker. Astro is not loaded in maintenance. */
export async function getRuntime(): Promise<Runtime> {
  const started = await startUp();
  if (started.kind !== 'ready') throw new Error(`the server is in maintenance (${started.state.reason}): ${started.state.message}`);
  return started.runtime;
}
