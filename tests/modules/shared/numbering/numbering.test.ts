import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type Tx } from '../../../../modules/shared/events/index.ts';
import { isDomainError } from '../../../../modules/shared/kernel/index.ts';
import { allocateNumber, formatNumber, lastNumber, numberingYear, takeDocumentNumber } from '../../../../modules/shared/numbering/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';
import { issueDocument } from './numbered-document.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const numbersOf = (issued: (string | null)[]) => issued.map((n) => Number(n!.split('/')[2])).sort((a, b) => a - b);

describe('document numbers are printed', () => {
  it('given a series, a year and a number, then it reads FV/2026/000001, with more digits once past six', () => {
    expect(formatNumber('FV', 2026, 1)).toBe('FV/2026/000001');
    expect(formatNumber('KOR', 2027, 42)).toBe('KOR/2027/000042');
    expect(formatNumber('FV', 2026, 1_234_567)).toBe('FV/2026/1234567');
  });

  it('given a document issued in the first hour of New Year in Warsaw, then it is numbered in the new year', () => {
    expect(numberingYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(numberingYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
    expect(numberingYear(new Date('2027-06-30T22:30:00Z'))).toBe(2027);
  });
});

describe.each(backends)('documents numbered from a locked counter on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let deps: { db: typeof handle.db; store: ReturnType<typeof createEventStore> };
  beforeAll(async () => {
    handle = await openMigrated(backend);
    deps = { db: handle.db, store: createEventStore(handle.db) };
  });
  afterAll(async () => handle?.close());

  it('given 200 documents issued at once, then they get exactly the numbers 1 to 200', async () => {
    const issued = await Promise.all(range(1, 200).map((i) => issueDocument(deps, `burst-${i}`, 'FV', 2026)));
    expect(numbersOf(issued)).toEqual(range(1, 200));
    expect(await lastNumber(handle.db, 'FV', 2026)).toBe(200);
  });

  it('given a command whose decider refuses after its number was taken, then the next document takes that number', async () => {
    const refused = await issueDocument(deps, 'refused', 'REF', 2026, { refuse: true }).catch((e: unknown) => e);
    expect(isDomainError(refused) && refused.code).toBe('document-refused');
    expect(await lastNumber(handle.db, 'REF', 2026)).toBe(0);
    expect(await issueDocument(deps, 'after-refused', 'REF', 2026)).toBe('REF/2026/000001');
  });

  it('given a transaction that fails after the number was taken, then no number is lost', async () => {
    const failing = issueDocument(deps, 'broken', 'ERR', 2026, { afterNumber: async () => { throw new Error('connection lost'); } });
    await expect(failing).rejects.toThrow('connection lost');
    expect(await issueDocument(deps, 'fine', 'ERR', 2026)).toBe('ERR/2026/000001');
  });

  it('given a document issued already, when it is asked again, then nothing is recorded and no number is consumed', async () => {
    expect(await issueDocument(deps, 'twice', 'TW', 2026)).toBe('TW/2026/000001');
    expect(await issueDocument(deps, 'twice', 'TW', 2026)).toBeNull();
    expect(await lastNumber(handle.db, 'TW', 2026)).toBe(1);
    expect(await issueDocument(deps, 'next', 'TW', 2026)).toBe('TW/2026/000002');
  });

  it('given a command whose stream moved before its append, when it is decided again, then it takes one number, not two', async () => {
    let attempts = 0;
    const issued = await issueDocument(deps, 'moved', 'MV', 2026, {
      async afterNumber(tx, cmd) {
        // Another writer's event lands on the stream first (once): the append conflicts and the command retries.
        if (++attempts === 1) await deps.store.append('numbered-moved', 0, [{ type: 'Noted', data: {} }], { tx: tx as unknown as Tx });
        return cmd;
      },
    });
    expect(attempts).toBe(2);
    expect(issued).toBe('MV/2026/000001');
    expect(await lastNumber(handle.db, 'MV', 2026)).toBe(1);
  });

  it('given a transaction of the caller\'s that catches the refusal and commits, then the refused command kept no number', async () => {
    await handle.db.transaction().execute(async (tx) => {
      const refused = await issueDocument(deps, 'caught', 'TX', 2026, { tx, refuse: true }).catch((e: unknown) => e);
      expect(isDomainError(refused)).toBe(true);
      expect(await issueDocument(deps, 'in-caller', 'TX', 2026, { tx })).toBe('TX/2026/000001');
    });
    expect(await lastNumber(handle.db, 'TX', 2026)).toBe(1);
  });

  it('given a transaction of the caller\'s rolled back after issuing, then its number is taken again', async () => {
    const rolledBack = handle.db.transaction().execute(async (tx) => {
      expect(await issueDocument(deps, 'undone', 'RB', 2026, { tx })).toBe('RB/2026/000001');
      throw new Error('caller gives up');
    });
    await expect(rolledBack).rejects.toThrow('caller gives up');
    expect(await issueDocument(deps, 'redone', 'RB', 2026)).toBe('RB/2026/000001');
  });

  it('given numbers taken in a series, then another year starts at 1 and another series is independent', async () => {
    for (const i of range(1, 3)) await issueDocument(deps, `year-${i}`, 'YR', 2026);
    expect(await issueDocument(deps, 'new-year', 'YR', 2027)).toBe('YR/2027/000001');
    expect(await issueDocument(deps, 'correction', 'YRK', 2026)).toBe('YRK/2026/000001');
    expect(await issueDocument(deps, 'year-4', 'YR', 2026)).toBe('YR/2026/000004');
  });

  it('given a document issued at a moment, then its number is taken in that moment\'s Warsaw year and printed', async () => {
    const taken = await handle.db.transaction().execute(async (tx) => [
      await takeDocumentNumber(tx, 'NY', new Date('2026-12-31T22:59:00Z')),
      await takeDocumentNumber(tx, 'NY', new Date('2026-12-31T23:01:00Z')),
      await takeDocumentNumber(tx, 'NY', new Date('2027-01-02T10:00:00Z')),
    ]);
    expect(taken).toEqual([
      { series: 'NY', year: 2026, n: 1, number: 'NY/2026/000001' },
      { series: 'NY', year: 2027, n: 1, number: 'NY/2027/000001' },
      { series: 'NY', year: 2027, n: 2, number: 'NY/2027/000002' },
    ]);
  });

  it('given a series or year that cannot be printed, then no number is taken', async () => {
    await handle.db.transaction().execute(async (tx) => {
      await expect(allocateNumber(tx, 'FV/X', 2026)).rejects.toThrow(RangeError);
      await expect(allocateNumber(tx, '', 2026)).rejects.toThrow(RangeError);
      await expect(allocateNumber(tx, 'FV', 26.5)).rejects.toThrow(RangeError);
    });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from document_counters where series in ('FV/X', '')`.execute(handle.db);
    expect(rows[0]!.n).toBe(0);
  });
});
