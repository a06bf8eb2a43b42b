import type { Logger } from 'pino';
import type { ModuleDb } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import { handleCommand, isDomainError, type Clock, type IdSource } from '../shared/kernel/index.ts';
import { articleDecider, articleKey, articleStream, articleSuffix, type Article, type ArticlePublished } from './article.ts';
import { facilitatorCommands } from './facilitator-commands.ts';
import { formatDate } from '../shared/text/index.ts';
import { productDecider, productStream, type Product, type ProductRevised, type ProductSecrets } from './product.ts';
import type { AdminProduct } from './queries.ts';
import type { CatalogueTables } from './schema.ts';
import { demoArticles } from './seed/articles.ts';
import { demoFacilitators } from './seed/facilitators.ts';
import { demoProducts } from './seed/products.ts';

/**
 * What an admin sends for a product: everything but its key, its dd.mm.yyyy date, which follows from its start,
 * and what follows from its facilitators (their leader's name and photo, the teachers).
 */
export type ProductInput = Omit<AdminProduct, 'key' | 'date' | 'channel' | 'avatar' | 'teachers'>;

/** The product definition, the links and the visibility an admin's input stands for. */
function fromInput(key: string, input: ProductInput) {
  const { liveLink, recordingLink, published, ...definition } = input;
  const product: Product = { ...definition, channel: '', avatar: '', teachers: [], key, date: formatDate(new Date(input.startsAt), 'pl', 'numeric') };
  return { product, secrets: { liveLink, recordingLink }, published };
}

export type CommandContext = { db: ModuleDb<CatalogueTables>; store: EventStore; clock: Clock; ids: IdSource; log: Logger };

/** The catalogue's commands: each one stream, decided by its decider through the kernel. */
export function catalogueCommands(ctx: CommandContext) {
  const deps = { db: ctx.db, store: ctx.store };
  const metadata = (actor: string | null) => ({ metadata: { actor } });

  const publishProduct = async (product: Product, secrets: ProductSecrets, actor: string | null = null) => {
    await handleCommand(deps, productDecider, productStream(product.key), { type: 'PublishProduct', product, secrets }, metadata(actor));
  };
  const facilitators = facilitatorCommands({ db: ctx.db, store: ctx.store, ids: ctx.ids });
  const { introduceFacilitator } = facilitators;
  const reviseProduct = async (key: string, changes: ProductRevised['data']['changes'], actor: string | null = null, secrets?: Partial<ProductSecrets>) => {
    await handleCommand(deps, productDecider, productStream(key), { type: 'ReviseProduct', key, changes, ...(secrets ? { secrets } : {}) }, metadata(actor));
  };
  const publishArticleWithKey = async (article: Article, actor: string | null) => {
    const decided = await handleCommand(deps, articleDecider, articleStream(article.key), { type: 'PublishArticle', ...article }, metadata(actor));
    return (decided.events[0] as ArticlePublished).data.article;
  };

  return {
    publishProduct,
    reviseProduct,
    ...facilitators,
    /** The start-up migration of typed teachers to chosen facilitators (facilitator-commands.ts); answers how many products it moved. */
    adoptTeachers: () => facilitators.adoptTeachers((key, changes) => reviseProduct(key, changes, 'migration')),

    /** Adds a product (admin) under a fresh key, published or not; answers its key. */
    async createProduct(input: ProductInput, actor: string | null): Promise<string> {
      const { product, secrets, published } = fromInput(ctx.ids(), input);
      await facilitators.checkChosen(product.facilitators);
      await handleCommand(deps, productDecider, productStream(product.key), { type: 'PublishProduct', product, secrets, published }, metadata(actor));
      return product.key;
    },

    /** Replaces a product's definition, links and visibility (admin): only what differs is recorded. Refuses `product-not-found`. */
    async saveProduct(key: string, input: ProductInput, actor: string | null): Promise<void> {
      // What follows from the facilitators is never typed, so a save leaves what was recorded of it alone.
      const { product: { key: _key, channel: _channel, avatar: _avatar, teachers: _teachers, ...changes }, secrets, published } = fromInput(key, input);
      await facilitators.checkChosen(changes.facilitators);
      await handleCommand(deps, productDecider, productStream(key), { type: 'ReviseProduct', key, changes, secrets, published }, metadata(actor));
    },

    /** Adds an article (admin): its key is the title's slug plus a suffix from a fresh id. Answers the article as stored. */
    async publishArticle(input: { title: string; description: string; link: string }, actor: string | null = null): Promise<Article> {
      return publishArticleWithKey({ ...input, key: articleKey(input.title, articleSuffix(ctx.ids())) }, actor);
    },

    async removeArticle(key: string, actor: string | null = null) {
      await handleCommand(deps, articleDecider, articleStream(key), { type: 'RemoveArticle', key }, metadata(actor));
    },

    /** Seeds an empty catalogue with the demo content, dated relative to `now` (the clock's). Does nothing once products exist. */
    async seed(now: Date = ctx.clock()): Promise<void> {
      const any = await ctx.db.selectFrom('catalogue_products').select('key').limit(1).executeTakeFirst();
      if (any) return;
      // Another instance seeding at the same moment got there first: what it published stays.
      const once = (seeding: Promise<unknown>) => seeding.catch((e: unknown) => { if (!isDomainError(e, 'product-exists', 'article-exists')) throw e; });
      for (const f of demoFacilitators) await introduceFacilitator(f, 'seed');
      for (const a of demoArticles) await once(publishArticleWithKey(a, 'seed'));
      for (const { product, secrets } of demoProducts(now)) await once(publishProduct(product, secrets, 'seed'));
      ctx.log.info({ products: 5, facilitators: demoFacilitators.length, articles: demoArticles.length }, 'catalogue seeded with demo content');
    },
  };
}
