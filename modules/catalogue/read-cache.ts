import type { Category } from './product.ts';
import type { CatalogueQueries } from './queries.ts';
import type { CatalogueChange } from './index.ts';

/**
 * The public catalogue (published products, facilitators, articles) held in memory between changes: every
 * page and public API read asks for it, and it changes only through catalogue events, which reach every
 * instance through the log follower (`forget`, called by the composition root with `changesIn`). A read
 * begun before a change is never kept after it: each change starts a new generation.
 */
export function cachedPublicReads(queries: CatalogueQueries) {
  let generation = 0;
  const memo = <T>(change: CatalogueChange, load: () => Promise<T>) => {
    let held: { generation: number; value: Promise<T> } | null = null;
    const get = (): Promise<T> => {
      if (held && held.generation === generations[change]) return held.value;
      const value = load();
      const entry = { generation: generations[change], value };
      held = entry;
      value.catch(() => { if (held === entry) held = null; });
      return value;
    };
    return get;
  };
  const generations: Record<CatalogueChange, number> = { catalogue: 0, articles: 0 };
  const published = memo('catalogue', () => queries.products());
  const facilitators = memo('catalogue', () => queries.facilitators());
  const articles = memo('articles', () => queries.articles());
  return {
    queries: {
      ...queries,
      async products(category?: Category) {
        const all = await published();
        return category ? all.filter((p) => p.category === category) : all;
      },
      async product(key: string) {
        return (await published()).find((p) => p.key === key) ?? null;
      },
      facilitators,
      articles,
    } satisfies CatalogueQueries,
    /** Drops what these changes made stale. */
    forget(changes: readonly CatalogueChange[]) {
      generation += 1;
      for (const change of changes) generations[change] = generation;
    },
  };
}
