import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../../modules/shared/outbox/index.ts';

/** Group commit (modules/shared/outbox/group.ts): what the campaign lane's statements are batched with. */
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
});
