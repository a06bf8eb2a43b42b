import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * The database as it stands, raw: its schema (tables, columns, indexes, constraints) and every table's rows, hashed.
 * Two equal fingerprints mean nothing changed, the migration bookkeeping (kysely_migration) included.
 */
export async function databaseFingerprint(db: Kysely<any>): Promise<{ schema: string; tables: Record<string, string> }> {
  const { rows: columns } = await sql<Record<string, string>>`
    select table_name, column_name, data_type, is_nullable, coalesce(column_default, '') as column_default
    from information_schema.columns where table_schema = current_schema() order by table_name, column_name`.execute(db);
  const { rows: indexes } = await sql<Record<string, string>>`
    select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(db);
  const { rows: constraints } = await sql<Record<string, string>>`
    select conname, pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema() order by conname`.execute(db);
  const schema = createHash('sha256').update(JSON.stringify([columns, indexes, constraints])).digest('hex');
  const { rows: names } = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const tables: Record<string, string> = {};
  for (const { table_name } of names) {
    const { rows } = await sql<{ h: string; n: number }>`select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as h,
      count(*)::int as n from ${sql.table(table_name)} t`.execute(db);
    tables[table_name] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  return { schema, tables };
}
