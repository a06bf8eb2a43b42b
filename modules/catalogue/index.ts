import type { RecordedEvent } from '../shared/events/index.ts';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { articleKey, articleStream, validArticle, type Article, type ArticleEvent } from './article.ts';
import { facilitatorStream } from './facilitator.ts';
import {
  CatalogueError, decidePublish, decideRevise, productStream,
  type Product, type ProductRevised, type ProductSecrets,
} from './product.ts';
import { catalogueProjection } from './projections.ts';
import { catalogueQueries } from './queries.ts';
import { demoArticles } from './seed/articles.ts';
import { demoFacilitators } from './seed/facilitators.ts';
import { demoProducts } from './seed/products.ts';

export * from './product.ts';
export type { Article } from './article.ts';
export type { Facilitator } from './facilitator.ts';
export { articleKey, slugify, validArticle } from './article.ts';
export { DEMO_KEYS } from './seed/products.ts';

/** What changed, so the web layer can drop cached pages: `catalogue` (products, facilitators) or `articles`. */
export type CatalogueChange = 'catalogue' | 'articles';

/**
 * What a batch of committed events changed for the public pages, read from their streams: on any
 * instance, for events appended by any instance (the composition root follows the log).
 */
export function changesIn(events: readonly RecordedEvent[]): CatalogueChange[] {
  const changes = new Set<CatalogueChange>();
  for (const e of events) {
    if (e.streamId.startsWith(productStream('')) || e.streamId.startsWith(facilitatorStream(''))) changes.add('catalogue');
    if (e.streamId.startsWith(articleStream(''))) changes.add('articles');
  }
  return [...changes];
}

/** Catalogue: products (seminars, workshops, trainings), facilitators, articles. */
export function createCatalogue(ctx: ModuleContext) {
  const queries = catalogueQueries(ctx.db);
  const versionOf = async (stream: string) => (await ctx.store.readStream(stream)).length;
  let ownership: (userId: string) => Promise<Set<string>> = async () => new Set();

  return {
    projections: [catalogueProjection],
    ...queries,

    changesIn,

    /** Where ownership comes from (the purchases module, set by the composition root). */
    setOwnership(source: (userId: string) => Promise<Set<string>>) {
      ownership = source;
    },

    /** The product keys `userId` may watch now; every page that distinguishes owned items asks here. */
    async ownedProductKeys(userId: string | null): Promise<Set<string>> {
      return userId ? ownership(userId) : new Set();
    },

    async publishProduct(product: Product, secrets: ProductSecrets, actor: string | null = null) {
      const stream = productStream(product.key);
      const version = await versionOf(stream);
      await ctx.store.append(stream, version, decidePublish(version, product, secrets), { metadata: { actor } });
    },

    async reviseProduct(key: string, changes: ProductRevised['data']['changes'], actor: string | null = null, secrets?: Partial<ProductSecrets>) {
      const stream = productStream(key);
      const version = await versionOf(stream);
      const events = decideRevise(version, key, changes, secrets);
      if (events.length === 0) return;
      await ctx.store.append(stream, version, events, { metadata: { actor } });
    },

    /** Adds an article (admin); the key is the title's slug plus a random suffix. */
    async publishArticle(input: { title: string; description: string; link: string }, actor: string | null = null): Promise<Article> {
      const valid = validArticle(input);
      if (!valid) throw new CatalogueError('article-invalid');
      const article = { key: articleKey(valid.title), ...valid };
      const event: ArticleEvent = { type: 'ArticlePublished', data: { article } };
      await ctx.store.append(articleStream(article.key), 0, [event], { metadata: { actor } });
      return article;
    },

    async removeArticle(key: string, actor: string | null = null) {
      const stream = articleStream(key);
      const history = await ctx.store.readStream(stream);
      if (history.length === 0 || history.at(-1)!.type === 'ArticleRemoved') throw new CatalogueError('article-not-found');
      const event: ArticleEvent = { type: 'ArticleRemoved', data: { key } };
      await ctx.store.append(stream, history.length, [event], { metadata: { actor } });
    },

    /** Seeds an empty catalogue with the demo content, dated relative to `now`. Does nothing once products exist. */
    async seed(now = new Date()): Promise<void> {
      const any = await ctx.db.selectFrom('events').select('position').where('stream_id', 'like', 'product-%').limit(1).executeTakeFirst();
      if (any) return;
      const metadata = { actor: 'seed' };
      for (const f of demoFacilitators) {
        await ctx.store.append(facilitatorStream(f.id), 0, [{ type: 'FacilitatorIntroduced', data: { facilitator: f } }], { metadata });
      }
      for (const a of demoArticles) {
        await ctx.store.append(articleStream(a.key), 0, [{ type: 'ArticlePublished', data: { article: a } }], { metadata });
      }
      for (const { product, secrets } of demoProducts(now)) {
        await ctx.store.append(productStream(product.key), 0, decidePublish(0, product, secrets), { metadata });
      }
      ctx.log.info({ products: 5, facilitators: demoFacilitators.length, articles: demoArticles.length }, 'catalogue seeded with demo content');
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
