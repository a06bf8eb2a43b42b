import { describe, expect, it } from 'vitest';
import { applyKeep, keepNot, PAGE_MAX_AGE } from '../../../src/server/page-cache/index.ts';

const anna = { id: 'u-anna', name: 'Anna', email: 'anna@example.com', phone: '', role: 'user' as const };

/** An answered request as the middleware hands it over: its route, who asked, and the route cache's `set`. */
function answered(routePattern: string, user: typeof anna | null, opts: { method?: string; windowEndsIn?: number | null } = {}) {
  const set: { maxAge?: number; tags?: string[] }[] = [];
  const ownershipChangesAt = async () => (opts.windowEndsIn == null ? null : new Date(Date.now() + opts.windowEndsIn));
  const locals = { user, runtime: { services: { catalogue: { ownershipChangesAt } } } } as unknown as App.Locals;
  const context = {
    request: new Request('http://site/x', { method: opts.method ?? 'GET' }), routePattern, locals,
    cache: { set: (o: { maxAge?: number; tags?: string[] }) => { set.push(o); } },
  } as unknown as Parameters<typeof applyKeep>[0];
  return { context, set };
}
const ok = () => new Response('page');

describe('which answers are kept, for whom and how long, as each route declares', () => {
  it('given a public route and a visitor without a session, then the page is kept for every such visitor under its tags', async () => {
    const { context, set } = answered('/seminaria', null);
    expect(await applyKeep(context, ok(), false)).toBe(true);
    expect(set).toEqual([{ maxAge: PAGE_MAX_AGE, tags: ['catalogue'] }]);
  });

  it('given a public route and a signed-in caller, then it is kept under their own tag too, and never as a public page', async () => {
    const { context, set } = answered('/kontakt', anna);
    expect(await applyKeep(context, ok(), true)).toBe(false);
    expect(set).toEqual([{ maxAge: PAGE_MAX_AGE, tags: ['static', 'user:u-anna'] }]);
  });

  it('given a session that signs in nobody (expired, forged), then nothing is kept, not even as a visitor\'s page', async () => {
    const { context, set } = answered('/kontakt', null);
    expect(await applyKeep(context, ok(), true)).toBe(false);
    expect(set).toEqual([]);
  });

  it('given a per-user route, then only a signed-in caller\'s answer is kept', async () => {
    const visitor = answered('/profile', null);
    expect(await applyKeep(visitor.context, ok(), false)).toBe(false);
    expect(visitor.set).toEqual([]);
    const caller = answered('/profile', anna);
    await applyKeep(caller.context, ok(), true);
    expect(caller.set).toEqual([{ maxAge: PAGE_MAX_AGE, tags: ['user:u-anna'] }]);
  });

  it('given a route not declared, or an answer that is not a 200 to a GET, then nothing is kept', async () => {
    for (const [route, response, method] of [['/welcome', ok(), 'GET'], ['/seminaria', new Response('', { status: 404 }), 'GET'], ['/', ok(), 'POST']] as const) {
      const { context, set } = answered(route, null, { method });
      expect(await applyKeep(context, response, false)).toBe(false);
      expect(set).toEqual([]);
    }
  });

  it('given a route that refused this answer (it carries signed links), then it is not kept', async () => {
    const { context, set } = answered('/api/videos/[id]', anna);
    keepNot(context);
    expect(await applyKeep(context, ok(), true)).toBe(false);
    expect(set).toEqual([]);
  });

  it('given a page showing ownership and an access window ending in 42 s, then the caller\'s copy lasts at most until then', async () => {
    const { context, set } = answered('/', anna, { windowEndsIn: 42_500 });
    await applyKeep(context, ok(), true);
    expect(set[0]!.maxAge).toBeLessThanOrEqual(42);
    expect(set[0]!.maxAge).toBeGreaterThanOrEqual(41);
  });

  it('given a window ending within the second, then nothing is kept', async () => {
    const { context, set } = answered('/', anna, { windowEndsIn: 400 });
    await applyKeep(context, ok(), true);
    expect(set).toEqual([]);
  });
});
