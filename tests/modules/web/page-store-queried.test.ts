import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageStore } from '../../../src/server/page-cache/registry.ts';
import { anonymous } from '../../../src/server/page-cache/visitor.ts';

const page = { status: 200, headers: [['content-type', 'text/html']] as [string, string][], tags: ['catalogue'] };
// Bytes that do not compress: each stored page weighs three times this (identity, brotli, gzip), about 150 KB.
const incompressible = () => randomBytes(50_000);

describe('one-off query strings cannot push the site\'s pages out of the store', () => {
  const store = pageStore();
  const stored = (path: string, lang: 'pl' | 'en' = 'pl') => {
    return store.put(anonymous(lang), path, store.generation(anonymous(lang)), page, incompressible(), 60, 'br');
  };

  it('given the home page and an English page stored, when 200 made-up query strings are stored (30 MB), then both are still served', () => {
    stored('/');
    stored('/seminaria?lang=en', 'en');
    for (let i = 0; i < 200; i++) stored(`/?x=${i}`);
    expect(store.get(anonymous('pl'), '/')).toBeDefined();
    expect(store.get(anonymous('en'), '/seminaria?lang=en')).toBeDefined();
  });

  it('given those one-off pages, then only the most recent of them are kept (their own budget of a few megabytes)', () => {
    const kept = Array.from({ length: 200 }, (_, i) => store.get(anonymous('pl'), `/?x=${i}`)).filter(Boolean).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(50);
    expect(store.get(anonymous('pl'), '/?x=199')).toBeDefined();
  });

  it('given a page with a query of its own stored, when the catalogue changes, then it is dropped like the others', () => {
    expect(stored('/video-details/k?waluta=EUR')).not.toBeNull();
    store.invalidate(['catalogue']);
    expect(store.get(anonymous('pl'), '/video-details/k?waluta=EUR')).toBeUndefined();
    expect(store.get(anonymous('pl'), '/')).toBeUndefined();
  });
});
