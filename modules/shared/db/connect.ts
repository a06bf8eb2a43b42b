import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { Database } from './schema.ts';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

const INT8 = 20;

/** Real PostgreSQL through `pg`. int8 is parsed to a number so both backends return the same shapes. */
export function connectPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3000,
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format) } as pg.CustomTypesConfig,
  });
  // A client losing its server must not crash the process: pg emits 'error' on the client even while a
  // query holds it (the query rejects too), and an unheeded 'error' event throws. The pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
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

export async function connectPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dataDir ? { dataDir, parsers: { [INT8]: (v: string) => Number(v) } }
    : { parsers: { [INT8]: (v: string) => Number(v) } });
  const pool = pgliteAsPool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

export async function connectDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<DatabaseHandle> {
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl) : connectPglite(opts.dataDir);
}
