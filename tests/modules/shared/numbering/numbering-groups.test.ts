import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type Projection } from '../../../../modules/shared/events/index.ts';
import { handleCommand } from '../../../../modules/shared/kernel/index.ts';
import { lastNumber } from '../../../../modules/shared/numbering/index.ts';
import { counter } from '../../../support/counter.ts';
import { backends, openMigrated } from '../../../support/databases.ts';
import { issueDocument } from './numbered-document.ts';

/**
 * Numbered commands beside the kernel's group commit (modules/shared/kernel/command-group.ts). A command with a
 * `prepare` never joins a group: it runs in a transaction of its own, retried as a whole, so a failed group (whose
 * commands run again alone) cannot take or skip a number for it; and a failure of its own transaction after the
 * append (a projection's constraint) returns its number.
 */
const refusing: Projection = {
  name: 'test-numbering-refusing',
  tables: [],
  async apply(_tx, event) {
    const data = event.data as { documentId?: string };
    if (event.type === 'Poison' || data.documentId?.startsWith('poisoned')) throw new Error('projection refused');
  },
};

describe.each(backends)('numbered commands beside grouped commands on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let deps: { db: typeof handle.db; store: ReturnType<typeof createEventStore> };
  beforeAll(async () => {
    handle = await openMigrated(backend);
    deps = { db: handle.db, store: createEventStore(handle.db, { projections: [refusing] }) };
  });
  afterAll(async () => handle?.close());

  it('given a projection that breaks a numbered document\'s transaction after its append, then its number is taken by the next', async () => {
    await expect(issueDocument(deps, 'poisoned-1', 'PJ', 2026)).rejects.toThrow('projection refused');
    expect(await lastNumber(handle.db, 'PJ', 2026)).toBe(0);
    expect(await issueDocument(deps, 'healthy-1', 'PJ', 2026)).toBe('PJ/2026/000001');
  });

  it('given numbered documents amid grouped commands whose groups fail, then the documents issued are numbered 1 to N', async () => {
    const grouped = Array.from({ length: 60 }, (_, i) =>
      handleCommand(deps, counter, `grouped-${i}`, { type: 'Add', poison: i % 7 === 0 }).then(() => 'added', () => 'failed'));
    const numbered = Array.from({ length: 60 }, (_, i) =>
      issueDocument(deps, i % 6 === 5 ? `poisoned-${i}` : `amid-${i}`, 'GR', 2026).catch(() => null));
    const [groupOutcomes, documents] = await Promise.all([Promise.all(grouped), Promise.all(numbered)]);
    // The poisoned groups did fail (and their other commands went through alone).
    expect(groupOutcomes.filter((o) => o === 'failed')).toHaveLength(9);
    const issued = documents.filter((d) => d !== null).map((d) => Number(d.split('/')[2])).sort((a, b) => a - b);
    expect(issued).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await lastNumber(handle.db, 'GR', 2026)).toBe(50);
  });
});
