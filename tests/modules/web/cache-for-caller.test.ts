import { describe, expect, it } from 'vitest';
import { cacheForCaller, PAGE_MAX_AGE } from '../../../src/server/page-cache.ts';

const anna = { id: 'u-anna', name: 'Anna', email: 'anna@example.com', phone: '', role: 'user' as const };

/** A page's context as Astro hands it over: who is asking, and the route cache's `set`. */
function page(user: typeof anna | null) {
  const set: { maxAge?: number; tags?: string[] }[] = [];
  const astro = { locals: { user } as App.Locals, cache: { set: (o: { maxAge?: number; tags?: string[] }) => { set.push(o); } } };
  return { astro, set };
}

describe('which answers are kept, for whom and how long', () => {
  it('given a visitor without a session, then the page is kept for every such visitor under its tags', () => {
    const { astro, set } = page(null);
    cacheForCaller(astro, ['catalogue']);
    expect(set).toEqual([{ maxAge: PAGE_MAX_AGE, tags: ['catalogue'] }]);
    expect(astro.locals.cacheable).toBe(true);
  });

  it('given a signed-in caller, then it is kept under their own tag too, and never marked for shared caches', () => {
    const { astro, set } = page(anna);
    cacheForCaller(astro, ['catalogue']);
    expect(set).toEqual([{ maxAge: PAGE_MAX_AGE, tags: ['catalogue', 'user:u-anna'] }]);
    expect(astro.locals.cacheable).toBeUndefined();
  });

  it('given an access window ending in 42 s, then the caller\'s copy lasts at most until then', () => {
    const { astro, set } = page(anna);
    cacheForCaller(astro, ['catalogue'], new Date(Date.now() + 42_500));
    expect(set[0]!.maxAge).toBeLessThanOrEqual(42);
    expect(set[0]!.maxAge).toBeGreaterThanOrEqual(41);
  });

  it('given a window ending within the second, then nothing is kept', () => {
    const { astro, set } = page(anna);
    cacheForCaller(astro, ['catalogue'], new Date(Date.now() + 400));
    expect(set).toEqual([]);
  });
});
