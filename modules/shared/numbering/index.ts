import { sql, type Kysely } from 'kysely';

/**
 * Numbers of documents (invoices, corrections, certificates): one counter per series and year, in the table
 * `document_counters`. Never a `max()+1` over documents: two transactions reading the same maximum issue the same
 * number (pretix issue 1080).
 *
 * Why no duplicates: the upsert takes the counter row's lock, so a second transaction of any instance waits on it
 * until the first commits or rolls back, then increments what the first left.
 *
 * Why no gaps: the number is taken inside the transaction that records the event using it (a command's `prepare`,
 * modules/shared/kernel). If that transaction fails for any reason (the decider refuses, its stream moved and the
 * command is decided again, a command group fails and its commands run again alone, the connection drops), the
 * increment is rolled back with it, and the next transaction takes the same number. A command that decides
 * nothing keeps nothing of its `prepare` either (the kernel rolls it back), so a replayed request consumes nothing.
 * The price is that numbering a series is serial: the lock is held until the document's transaction commits.
 *
 * The counters are not a projection: nothing can rebuild them from the log without re-reading every document, so
 * `npm run projections:rebuild` leaves them alone; a rebuild must never issue a number again.
 */

/** A module's transaction: any Transaction<SharedTables & Own> (the shared tables hold `document_counters`). */
type AnyTx = Kysely<any>;

/**
 * The next number of `series` in `year` (1 for the first), taken in the caller's transaction: it holds the
 * series' lock until that transaction ends, and a rollback gives the number back.
 */
export async function allocateNumber(tx: AnyTx, series: string, year: number): Promise<number> {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`not a year: ${year}`);
  // The series is part of the printed number, so no slash (the separator) and nothing invisible.
  if (!/^[\p{L}\p{N}_-]{1,20}$/u.test(series)) throw new RangeError(`not a series: ${series}`);
  const { rows } = await sql<{ last: number }>`
    insert into document_counters (series, year, last) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last = document_counters.last + 1
    returning last`.execute(tx);
  return Number(rows[0]!.last);
}

/** `FV/2026/000001`: six digits, more once a year's series passes 999 999. */
export function formatNumber(series: string, year: number, n: number): string {
  return `${series}/${year}/${String(n).padStart(6, '0')}`;
}

const warsawYear = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Warsaw', year: 'numeric' });

/** The year a document issued at `at` is numbered in: Warsaw's calendar year (New Year's first hour is UTC's last). */
export function numberingYear(at: Date): number {
  return Number(warsawYear.format(at));
}

export type DocumentNumber = { series: string; year: number; n: number; number: string };

/**
 * What a numbered document's command takes in its `prepare`: the next number of `series` in the Warsaw year of
 * `issuedAt`, already printed. Same transaction, lock and rollback as allocateNumber.
 */
export async function takeDocumentNumber(tx: AnyTx, series: string, issuedAt: Date): Promise<DocumentNumber> {
  const year = numberingYear(issuedAt);
  const n = await allocateNumber(tx, series, year);
  return { series, year, n, number: formatNumber(series, year, n) };
}

/** The last number taken in a series and year (0 when none), for the admin and the tests; never to allocate from. */
export async function lastNumber(db: AnyTx, series: string, year: number): Promise<number> {
  const { rows } = await sql<{ last: number }>`
    select last from document_counters where series = ${series} and year = ${year}`.execute(db);
  return rows[0] ? Number(rows[0].last) : 0;
}
