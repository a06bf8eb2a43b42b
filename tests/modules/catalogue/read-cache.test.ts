import { describe, expect, it } from 'vitest';
import type { CatalogueQueries } from '../../../modules/catalogue/queries.ts';
import { cachedPublicReads } from '../../../modules/catalogue/read-cache.ts';

/** The public catalogue held in memory between changes (modules/catalogue/read-cache.ts). */
describe('the public catalogue kept in memory', () => {
  let titles = ['Wstyd'];
  let reads = 0;
  const queries = {
    products: async () => { reads += 1; return titles.map((title) => ({ key: title, title, category: 'seminaria' })); },
    facilitators: async () => [],
    articles: async () => [],
  } as unknown as CatalogueQueries;

  it('given products read once, when asked again with nothing changed, then the database is not asked', async () => {
    const { queries: cached } = cachedPublicReads(queries);
    await cached.products();
    await cached.products();
    expect(reads).toBe(1);
  });

  it('given products kept, when the log holds a commit not read yet, then the database is asked and its answer returned', async () => {
    let behind = false;
    reads = 0;
    titles = ['Wstyd'];
    const { queries: cached } = cachedPublicReads(queries, () => behind);
    await cached.products();
    titles = ['Wstyd', 'Trauma'];
    behind = true;
    expect((await cached.products()).map((p) => p.key)).toEqual(['Wstyd', 'Trauma']);
    expect(reads).toBe(2);
  });

  it('given a change, when the follower has read it, then the next read asks the database once more and keeps it', async () => {
    reads = 0;
    titles = ['Wstyd'];
    const { queries: cached, forget } = cachedPublicReads(queries);
    await cached.products();
    titles = ['Wstyd', 'Żałoba'];
    forget(['catalogue']);
    expect((await cached.products()).map((p) => p.key)).toEqual(['Wstyd', 'Żałoba']);
    await cached.products();
    expect(reads).toBe(2);
  });
});
