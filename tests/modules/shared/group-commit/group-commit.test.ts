import { describe, expect, it } from 'vitest';
import { groupCommit, groupLoop } from '../../../../modules/shared/group-commit/index.ts';
import { createInvalidation } from '../../../../modules/shared/memory/index.ts';

/** Group commit (modules/shared/group-commit/loop.ts): what the campaign lane's statements are batched with. */
describe('group commit', () => {
  it('sends callers of the same moment in one flush, and callers arriving during it together in the next', async () => {
    const flushed: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const double = groupCommit(async (items: number[]) => {
      flushed.push(items);
      if (flushed.length === 1) await gate;
      return items.map((n) => n * 2);
    });
    const first = [double(1), double(2), double(3)];
    await expect.poll(() => flushed.length).toBe(1);
    const second = [double(4), double(5)];
    release();
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(flushed).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('fails every caller of a failed flush, and the next callers flush afresh', async () => {
    let fail = true;
    const echo = groupCommit(async (items: string[]) => {
      if (fail) throw new Error('database gone');
      return items;
    });
    const failed = await Promise.allSettled([echo('a'), echo('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await echo('c')).toBe('c');
  });

  it('with gatherMs, lets a group fill up to `enough` callers arriving at different moments, and flushes as soon as it has', async () => {
    const flushed: number[][] = [];
    const same = groupCommit(async (items: number[]) => { flushed.push(items); return items; }, { gatherMs: 60_000, enough: 3 });
    const first = same(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [same(2), same(3)];
    expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3]);
    expect(flushed).toEqual([[1, 2, 3]]);
  });

  it('as a loop (the kernel\'s command groups): `take` chooses a group, the rest waits, and what a flush hands back goes first in the next', async () => {
    const flushed: string[][] = [];
    let retried = false;
    const push = groupLoop<string>(async (group) => {
      flushed.push(group);
      // `b` is handed back once, as a command whose stream moved.
      if (!retried && group.includes('b')) { retried = true; return ['b']; }
      return [];
    }, {
      // At most one item per letter: a second `a` waits for the next group.
      take: (queued) => {
        const group: string[] = [];
        const rest: string[] = [];
        for (const item of queued) (group.some((g) => g[0] === item[0]) ? rest : group).push(item);
        return { group, rest };
      },
      failed: () => { throw new Error('no flush fails here'); },
    });
    for (const item of ['a1', 'b', 'a2', 'c']) push(item);
    await expect.poll(() => flushed.length).toBe(2);
    expect(flushed).toEqual([['a1', 'b', 'c'], ['b', 'a2']]);
  });
});

/** The guard against keeping a read that began before an invalidation (modules/shared/memory/invalidation.ts). */
describe('an invalidation', () => {
  it('given a ticket taken before a read, when an invalidation lands during it, then the read is not kept; a read begun after is', () => {
    const invalidation = createInvalidation();
    const before = invalidation.ticket();
    expect(invalidation.holds(before)).toBe(true);
    invalidation.invalidate();
    expect(invalidation.holds(before)).toBe(false);
    const after = invalidation.ticket();
    expect(invalidation.holds(after)).toBe(true);
  });
});
