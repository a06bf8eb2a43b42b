import type { ModuleDb } from '../shared/db/index.ts';
import type { Article } from './article.ts';
import type { Facilitator } from './facilitator.ts';
import type { Category, Product, ProductSecrets } from './product.ts';
import type { CatalogueTables } from './schema.ts';

/** Read-only questions about the read models. Only `productWithLinks` (for purchases) selects the live or recording link. */
export function catalogueQueries(db: ModuleDb<CatalogueTables>) {
  const products = () => db.selectFrom('catalogue_products').select('doc');
  return {
    async product(key: string): Promise<Product | null> {
      const row = await products().where('key', '=', key).executeTakeFirst();
      return row ? (row.doc as Product) : null;
    },
    /**
     * The product with its live and recording links. Server-side only: the purchases module hands
     * these to owners inside their access window; no page or API may call it otherwise.
     */
    async productWithLinks(key: string): Promise<{ product: Product; links: ProductSecrets } | null> {
      const row = await db.selectFrom('catalogue_products').select(['doc', 'live_link', 'recording_link']).where('key', '=', key).executeTakeFirst();
      return row ? { product: row.doc as Product, links: { liveLink: row.live_link, recordingLink: row.recording_link } } : null;
    },
    /** The product a payment-provider price id belongs to. */
    async productKeyForPrice(priceId: string): Promise<string | null> {
      const rows = await products().execute();
      return rows.map((r) => r.doc as Product).find((p) => p.price.some((x) => x.api === priceId))?.key ?? null;
    },
    /** Every product (or every one of a category), soonest first. */
    async products(category?: Category): Promise<Product[]> {
      let q = products().orderBy('starts_at', 'asc').orderBy('key');
      if (category) q = q.where('category', '=', category);
      return (await q.execute()).map((r) => r.doc as Product);
    },
    async facilitators(): Promise<Facilitator[]> {
      const rows = await db.selectFrom('catalogue_facilitators').select('doc').orderBy('position').execute();
      return rows.map((r) => r.doc as Facilitator);
    },
    /** Newest first. */
    async articles(): Promise<Article[]> {
      return db.selectFrom('catalogue_articles').select(['key', 'title', 'description', 'link'])
        .orderBy('published_position', 'desc').execute();
    },
  };
}

export type CatalogueQueries = ReturnType<typeof catalogueQueries>;
