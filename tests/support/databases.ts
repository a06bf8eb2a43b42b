import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AccountsTables } from '../../modules/accounts/schema.ts';
import type { CatalogueTables } from '../../modules/catalogue/schema.ts';
import type { ContactTables } from '../../modules/contact/schema.ts';
import type { InvoicingTables } from '../../modules/invoicing/schema.ts';
import type { PurchasesTables } from '../../modules/purchases/schema.ts';
import { connectPglite, connectPostgres, migrateToLatest, type DatabaseHandle, type SharedTables } from '../../modules/shared/db/index.ts';

export type Backend = { name: 'pglite' | 'postgres'; open(): Promise<DatabaseHandle & { url?: string }> };

/** True when PostgreSQL-only cases (several instances or connections on one database) cannot run. */
export const withoutPostgres = !process.env.TEST_DATABASE_URL;

/**
 * A PostgreSQL-only case's name. Without TEST_DATABASE_URL the case is skipped (`skipIf(withoutPostgres)`), and
 * the name says so and why, so the run lists it as not run instead of leaving it out. CI always sets the variable.
 */
export const onPostgres = (name: string) => (withoutPostgres ? `${name} (not run: set TEST_DATABASE_URL to a PostgreSQL)` : name);

/**
 * A fresh, empty PostgreSQL database per call, created through TEST_DATABASE_URL.
 * An unreachable server fails the test: it never turns into a skip.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `gestalt_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${(error as Error).message}`, { cause: error });
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let template: Blob | undefined;
/** The empty data directory of this run (tests/support/pglite-template.ts), when the project made one. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file) template ??= new Blob([readFileSync(file)]);
  return template;
}

export const backends: Backend[] = [
  { name: 'pglite', open: async () => connectPglite(undefined, { dump: pgliteTemplate() }) },
  ...(process.env.TEST_DATABASE_URL ? [{
    name: 'postgres' as const,
    async open() {
      const created = await createPostgresDatabase();
      const handle = connectPostgres(created.url);
      return { ...handle, url: created.url, close: async () => { await handle.close(); await created.drop(); } };
    },
  }] : []),
];

/** Every table, for tests that look into the read models of several modules. */
export type TestDatabase = SharedTables & AccountsTables & CatalogueTables & ContactTables & PurchasesTables & InvoicingTables;

/** A migrated database on the given backend, typed with every module's tables. */
export async function openMigrated(backend: Backend) {
  const handle = await backend.open();
  await migrateToLatest(handle.db);
  return { ...handle, db: handle.db as unknown as Kysely<TestDatabase> };
}

/**
 * Two instances' connections to one migrated PostgreSQL database (each its own pool, as two processes have), for the
 * suite around the call: `first` is the migrated handle, `second` another pool on it. Read them inside tests.
 */
export function useTwoConnections(): { first: Awaited<ReturnType<typeof openMigrated>>; second: DatabaseHandle } {
  const pair = {} as { first: Awaited<ReturnType<typeof openMigrated>>; second: DatabaseHandle };
  beforeAll(async () => {
    const postgres = backends.find((b) => b.name === 'postgres');
    if (!postgres) throw new Error('TEST_DATABASE_URL is not set');
    pair.first = await openMigrated(postgres);
    pair.second = connectPostgres(pair.first.url!);
  });
  afterAll(async () => {
    await pair.second?.close();
    await pair.first?.close();
  });
  return pair;
}

/**
 * Tables and columns (text and JSON, every table of the schema) in which `needle` occurs, any case: the erasure
 * tests' proof that a deleted user's personal data is nowhere. Refuses to answer on a schema too small to be ours.
 */
export async function tablesHolding<DB>(db: Kysely<DB>, needle: string): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db);
  if (columns.length <= 20) throw new Error(`only ${columns.length} text columns: not the migrated schema`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}
      where position(${needle.toLowerCase()} in lower(${sql.ref(column_name)}::text)) > 0`.execute(db);
    if (rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}
