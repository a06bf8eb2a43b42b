import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { SharedTables } from './schema.ts';

export type DatabaseHandle = {
  db: Kysely<SharedTables>;
  kind: 'pglite' | 'postgres';
  /** Calls `onNotify` for every NOTIFY on `channel` (a constant identifier); answers a function that stops. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite only: its data directory as a gzipped tar, dumped by this process's open instance (PGlite allows one
   * process, so a server's backup before migrating cannot open it a second time). Waits its turn for the connection.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: runs `work` on the embedded database itself while holding its one connection, so no transaction of
   * the server's is in flight and none starts until it returns (a consistent dump of the live database).
   */
  exclusive?<T>(work: (pglite: PGliteType) => Promise<T>): Promise<T>;
};

const INT8 = 20;

/** Connections one instance's pool holds at most on PostgreSQL (the system page shows it). */
export const POSTGRES_POOL_SIZE = 10;

/** Real PostgreSQL through `pg`. int8 is parsed to a number so both backends return the same shapes. */
export function connectPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? POSTGRES_POOL_SIZE,
    // Under a burst (many registrations hashing passwords at once) opening a connection can take seconds:
    // waiting that long beats answering 500, and idle connections are kept so a burst does not reconnect.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 60_000,
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format) } as pg.CustomTypesConfig,
  });
  // A client losing its server must not crash the process: pg emits 'error' on the client even while a
  // query holds it (the query rejects too), and an unheeded 'error' event throws. The pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<SharedTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', listen: (channel, onNotify) => listenPostgres(url, channel, onNotify), close: () => db.destroy() };
}

/**
 * LISTEN holds a connection of its own for as long as the process runs. When it drops (a database
 * restart), it is opened again after a pause, and `onNotify` is called once so the listener catches up.
 */
async function listenPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const open = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    c.on('error', () => {});
    try {
      await c.connect();
      c.on('notification', () => onNotify());
      c.on('end', () => { if (!stopped) retry = setTimeout(open, 1000); });
      await c.query(`LISTEN ${channel}`);
      client = c;
      onNotify();
    } catch {
      await c.end().catch(() => {});
      if (!stopped) retry = setTimeout(open, 1000);
    }
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * PGlite has one connection. This pool look-alike hands it to one borrower at a time,
 * so a Kysely transaction owns the database until it commits; other callers queue.
 */
function pgliteAsPool(pglite: PGliteType) {
  let queue: Promise<void> = Promise.resolve();
  const client = {
    processID: 1,
    async query(sql: string, parameters: readonly unknown[]) {
      const result = await pglite.query(sql, parameters as unknown[]);
      const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
      return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    },
    release: () => {},
  };
  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const previous = queue;
      queue = queue.then(() => turn);
      await previous;
      return { ...client, release };
    },
    async end() {
      await queue;
      await pglite.close();
    },
  };
}

/** Buffer sizes for the embedded database of one small site (see connectPglite). */
const PGLITE_MEMORY = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=2MB'];

/**
 * A fresh data directory is made by a second, temporary PGlite (initdb) whose few hundred megabytes of
 * WebAssembly memory stay mapped until a full garbage collection, which an idle server may not run for
 * a long time. One collection now, once at start-up, hands them back (how much: bench/README.md).
 */
function releaseInitdbMemory() {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * V8 runs WebAssembly first as its baseline compiler (Liftoff) made it and compiles the functions that turn hot again
 * with its optimising one (TurboFan), on background threads. For PostgreSQL's code that second compilation held more
 * memory than the whole rest of the server, at once, while it started (its migrations and first queries), for queries
 * whose time is spent mostly outside WebAssembly (bench/README.md, "Memory at start"). The embedded database keeps the
 * baseline code. Set before the module is compiled; flags that the first one implies are not derived at run time.
 */
function baselineWasmOnly() {
  v8.setFlagsFromString('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');
}

/**
 * A new data directory starts as a copy of the empty one made at build time (scripts/pgdata-template.mjs), when there
 * is one: initdb in the server holds two PostgreSQL heaps and a copy of one at once (bench/README.md, "Memory at start").
 */
function startFromTemplate(dataDir: string | undefined, template: string | undefined) {
  if (!dataDir || !template || existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(join(template, 'PG_VERSION'))) return;
  copyContents(template, dataDir);
}

/**
 * Contents only, not modes or owners: the template belongs to whoever built it (root in the image's build stage, files
 * 0600), the copy to the user the server runs as. A mode-preserving copy (cpSync) leaves directories that user cannot
 * enter (EACCES on pg_logical in the image). PostgreSQL wants its directories 0700 and its files 0600.
 */
function copyContents(from: string, to: string) {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyContents(source, target);
    else if (entry.isFile()) writeFileSync(target, readFileSync(source), { mode: 0o600 });
  }
}

/**
 * `template`: an empty data directory on disk that a new `dataDir` starts as a copy of (the server);
 * `dump`: a data directory dumped by another PGlite, loaded instead of running initdb (the tests' fresh in-memory databases).
 */
export async function connectPglite(dataDir: string | undefined, options: { template?: string; dump?: Blob } = {}): Promise<DatabaseHandle> {
  baselineWasmOnly();
  startFromTemplate(dataDir, options.template);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.dump ? { loadDataDir: options.dump } : {}),
    parsers: { [INT8]: (v: string) => Number(v) },
    // PostgreSQL's buffers live in the WebAssembly memory, which never shrinks: the defaults (128 MB of shared
    // buffers, 64 MB for maintenance) make most of an idle server's memory. A site's data fits in far less.
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
  });
  if (!options.dump) releaseInitdbMemory();
  const pool = pgliteAsPool(pglite);
  const db = new Kysely<SharedTables>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return {
    db, kind: 'pglite', close: () => db.destroy(),
    async dumpDataDir() {
      const turn = await pool.connect();
      try {
        return await pglite.dumpDataDir('gzip');
      } finally {
        turn.release();
      }
    },
    async exclusive(work) {
      const turn = await pool.connect();
      try {
        return await work(pglite);
      } finally {
        turn.release();
      }
    },
    // One process owns an embedded database, so its own notifications are all there is to hear.
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, () => onNotify());
      return async () => { await unsubscribe(); };
    },
  };
}

/** `pgliteTemplate`: an empty PGlite data directory that a new one starts as (see startFromTemplate). */
export async function connectDatabase(opts: { databaseUrl?: string; dataDir?: string; pgliteTemplate?: string }): Promise<DatabaseHandle> {
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl) : connectPglite(opts.dataDir, { template: opts.pgliteTemplate });
}
