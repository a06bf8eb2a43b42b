import { createInvalidation, type Invalidation } from '../shared/memory/index.ts';
import type { Category } from './product.ts';
import type { CatalogueQueries } from './queries.ts';
import type { CatalogueChange } from './changes.ts';

/**
 * The public catalogue (published products, facilitators, articles) held in memory between changes: every
 * page and public API read asks for it, and it changes only through catalogue events, which reach every
 * instance through the log follower (`forget`, called by the composition root with `changesIn`). A read
 * begun before a change is never kept after it (modules/shared/memory/invalidation.ts).
 */
export function cachedPublicReads(queries: CatalogueQueries, behind: () => boolean = () => false) {
  const invalidations: Record<CatalogueChange, Invalidation> = { catalogue: createInvalidation(), articles: createInvalidation() };
  const memo = <T>(change: CatalogueChange, load: () => Promise<T>) => {
    const invalidation = invalidations[change];
    let held: { ticket: number; value: Promise<T> } | null = null;
    return (): Promise<T> => {
      // While the log holds changes not yet applied here, the database is asked (and what it says kept only once
      // the follower's read has invalidated what came before): a change shows on the next request on every instance.
      if (behind()) return load();
      if (held && invalidation.holds(held.ticket)) return held.value;
      const entry = { ticket: invalidation.ticket(), value: load() };
      held = entry;
      entry.value.catch(() => { if (held === entry) held = null; });
      return entry.value;
    };
  };
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
      for (const change of changes) invalidations[change].invalidate();
    },
  };
}
