// A fingerprint of every read model: one SHA-256 per table over its rows as text, in a stable order (byte order, so
// the database's collation cannot reorder them). Taken in a transaction with the time zone fixed at UTC, so a
// timestamp reads the same from any session. The drill compares a rebuild's fingerprint with the backup's.

/** A query runner answering rows (PGlite's `query`, or a Kysely transaction's raw SQL). */
export type RunQuery = (text: string) => Promise<readonly Record<string, unknown>[]>;

export type ReadModelHashes = Record<string, string>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The statements of one table's hash; run them inside a transaction that has `set local timezone = 'UTC'`. */
export const hashStatement = (table: string) => `select encode(sha256(convert_to(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), ''), 'UTF8')), 'hex') as h from ${quoted(table)} t`;

/** Hashes `tables` (sorted, each once) with `run`, which must already be inside such a transaction. */
export async function hashReadModels(run: RunQuery, tables: readonly string[]): Promise<ReadModelHashes> {
  const out: ReadModelHashes = {};
  for (const table of [...new Set(tables)].sort()) {
    const rows = await run(hashStatement(table));
    out[table] = String(rows[0]!['h']);
  }
  return out;
}

/** The tables whose hashes differ (or are missing on one side), for the drill's message. */
export function differingTables(expected: ReadModelHashes, actual: ReadModelHashes): string[] {
  return [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter((t) => expected[t] !== actual[t]).sort();
}
