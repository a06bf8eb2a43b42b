import { describe, expect, it } from 'vitest';
import { createEventStore } from '../../../../modules/shared/events/index.ts';
import { lastNumber } from '../../../../modules/shared/numbering/index.ts';
import { backends, onPostgres, useTwoConnections } from '../../../support/databases.ts';
import { issueDocument } from './numbered-document.ts';

/** Two instances on one PostgreSQL, each with its own pool and event store, numbering from the same counter. */
const postgres = backends.find((b) => b.name === 'postgres');

describe.skipIf(!postgres)(onPostgres('documents numbered by two instances on one PostgreSQL'), () => {
  const instances = useTwoConnections();

  it('given 200 documents issued concurrently across two instances, some refused after taking a number, then the issued ones are exactly 1 to 200', async () => {
    const { first: handle, second } = instances;
    const one = { db: handle.db, store: createEventStore(handle.db) };
    const two = { db: second.db, store: createEventStore(second.db) };
    // Every fifth request is refused after its number was taken: the refusals interleave with the issues.
    const requests = Array.from({ length: 250 }, (_, i) => {
      const instance = i % 2 === 0 ? one : two;
      return issueDocument(instance, `pair-${i}`, 'FV', 2026, { refuse: i % 5 === 4 }).catch(() => 'refused');
    });
    const answers = await Promise.all(requests);
    const issued = answers.filter((a) => a !== 'refused');
    expect(issued).toHaveLength(200);
    expect(issued.map((n) => Number(n!.split('/')[2])).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await lastNumber(second.db, 'FV', 2026)).toBe(200);
    // Each number is in the log once: the events say the same as the answers.
    const events = await handle.db.selectFrom('events').select('data').where('type', '=', 'NumberedDocumentIssued').execute();
    expect(new Set(events.map((e) => (e.data as { number: string }).number)).size).toBe(200);
  });
});
