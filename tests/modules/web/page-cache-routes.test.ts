import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/server/page-cache/index.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const pages = join(root, 'src', 'pages');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|astro)$/.test(entry.name)) yield path;
  }
}

describe('the page cache\'s per-route declarations', () => {
  it('name only routes that exist', () => {
    const missing = Object.keys(ROUTES).filter((pattern) => {
      const base = join(pages, pattern === '/' ? 'index' : pattern);
      return !['.astro', '.ts', '/index.astro', '/index.ts'].some((ext) => existsSync(base + ext));
    });
    expect(missing).toEqual([]);
  });

  it('are the only place that keeps an answer: no page, component or layout sets the route cache itself', () => {
    const setters = ['pages', 'components', 'layouts'].flatMap((dir) => [...sources(join(root, 'src', dir))])
      .filter((file) => /\bcache\.set\(|\bcacheForCaller\b|\bcacheShowingOwnership\b/.test(readFileSync(file, 'utf8')));
    expect(setters).toEqual([]);
  });
});
