import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageKey, pageStore } from '../../../src/server/page-cache-store.ts';

const page = { status: 200, headers: [['content-type', 'text/html']] as [string, string][], tags: ['catalogue'] };
// Bytes that do not compress: each stored page weighs three times this (identity, brotli, gzip), about 150 KB.
const incompressible = () => randomBytes(50_000);

describe('one-off query strings cannot push the site\'s pages out of the store', () => {
  const store = pageStore();
  const stored = (path: string, lang: 'pl' | 'en' = 'pl') => {
    const key = pageKey(path, lang);
    return store.put(key, store.generation(key), page, incompressible(), 60, 'br');
  };

  it('given the home page and an English page stored, when 200 made-up query strings are stored (30 MB), then both are still served', () => {
    stored('/');
    stored('/seminaria?lang=en', 'en');
    for (let i = 0; i < 200; i++) stored(`/?x=${i}`);
    expect(store.get(pageKey('/', 'pl'))).toBeDefined();
    expect(store.get(pageKey('/seminaria?lang=en', 'en'))).toBeDefined();
  });

  it('given those one-off pages, then only the most recent of them are kept (their own budget of a few megabytes)', () => {
    const kept = Array.from({ length: 200 }, (_, i) => store.get(pageKey(`/?x=${i}`, 'pl'))).filter(Boolean).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(50);
    expect(store.get(pageKey('/?x=199', 'pl'))).toBeDefined();
  });

  it('given a page with a query of its own stored, when the catalogue changes, then it is dropped like the others', () => {
    expect(stored('/video-details/k?waluta=EUR')).not.toBeNull();
    store.invalidate(['catalogue']);
    expect(store.get(pageKey('/video-details/k?waluta=EUR', 'pl'))).toBeUndefined();
    expect(store.get(pageKey('/', 'pl'))).toBeUndefined();
  });
});
