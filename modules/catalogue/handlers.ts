import type { Logger } from 'pino';
import type { ModuleDb } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import { DomainError, handleCommand, isDomainError, loadState, type Clock, type IdSource } from '../shared/kernel/index.ts';
import { articleDecider, articleKey, articleStream, articleSuffix, type Article, type ArticlePublished } from './article.ts';
import { facilitatorCommands } from './facilitator-commands.ts';
import { isLegacy, structuredFromLegacy, withoutLegacyText, type LegacyProduct } from './legacy.ts';
import { priceIdOf, productDecider, productStream, type PriceInput, type Product, type ProductRevised, type ProductSecrets } from './product.ts';
import type { AdminProduct } from './queries.ts';
import type { CatalogueTables } from './schema.ts';
import { demoArticles } from './seed/articles.ts';
import { demoFacilitators } from './seed/facilitators.ts';
import { demoProducts } from './seed/products.ts';

/**
 * What an admin sends for a product: everything but its key, its prices' ids, which the server gives, and what
 * follows from its facilitators (their leader's name and photo, the teachers).
 */
export type ProductInput = Omit<AdminProduct, 'key' | 'price' | 'channel' | 'avatar' | 'teachers'> & { price: [PriceInput, PriceInput, PriceInput] };

/** The product definition, the links and the visibility an admin's input stands for. */
function fromInput(key: string, input: ProductInput) {
  const { liveLink, recordingLink, published, ...definition } = input;
  // A revision keeps the ids the product already has (the decider's rule); a new product gets these.
  const price = input.price.map((p) => ({ price: p.price, name: p.name, api: priceIdOf(key, p.name) })) as Product['price'];
  const product: Product = { ...definition, price, channel: '', avatar: '', teachers: [], key };
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

    /** Adds a product (admin) under a fresh key, published or not; answers its key. Refuses a start in the past (`product-start-past`). */
    async createProduct(input: ProductInput, actor: string | null): Promise<string> {
      const { product, secrets, published } = fromInput(ctx.ids(), input);
      const notBefore = ctx.clock().toISOString();
      await facilitators.checkChosen(product.facilitators);
      await handleCommand(deps, productDecider, productStream(product.key), { type: 'PublishProduct', product, secrets, published, notBefore }, metadata(actor));
      return product.key;
    },

    /**
     * Replaces a product's definition, links and visibility (admin): only what differs is recorded. Refuses
     * `product-not-found`, and a start moved into the past (`product-start-past`).
     */
    async saveProduct(key: string, input: ProductInput, actor: string | null): Promise<void> {
      // What follows from the facilitators is never typed, so a save leaves what was recorded of it alone.
      const { product: { key: _key, channel: _channel, avatar: _avatar, teachers: _teachers, ...changes }, secrets, published } = fromInput(key, input);
      await facilitators.checkChosen(changes.facilitators);
      const notBefore = ctx.clock().toISOString();
      await handleCommand(deps, productDecider, productStream(key), { type: 'ReviseProduct', key, changes, secrets, published, notBefore }, metadata(actor));
    },

    /**
     * "Duplicate as a new edition" (admin): the product again under a fresh key, starting at `startsAt` (not in the
     * past), unpublished, with no live or recording link; buyers belong to the old key, so the copy has none.
     * Answers the new key. Refuses `product-not-found` for an unknown source.
     */
    async duplicateEdition(sourceKey: string, startsAt: string, actor: string | null): Promise<string> {
      const { state } = await loadState(deps, productDecider, productStream(sourceKey));
      if (state.status === 'absent') throw new DomainError('product-not-found', { key: sourceKey });
      const product: Product = { ...withoutLegacyText(state.product), key: ctx.ids(), startsAt };
      const command = { type: 'PublishProduct' as const, product, secrets: { liveLink: null, recordingLink: null }, published: false, notBefore: ctx.clock().toISOString() };
      await handleCommand(deps, productDecider, productStream(product.key), command, metadata(actor));
      return product.key;
    },

    /**
     * Start-up migration of issue 21: every product recorded with free-text dates, place and hours is revised with
     * the structured fields read from that text (`structuredFromLegacy`), as the `migration` actor. Idempotent:
     * a product that has the fields is left alone. Answers how many were revised.
     */
    async migrateLegacyProducts(): Promise<number> {
      const rows = await ctx.db.selectFrom('catalogue_products').select(['key', 'doc']).execute();
      const legacy = rows.filter((r) => isLegacy(r.doc as LegacyProduct));
      for (const row of legacy) {
        const changes = structuredFromLegacy(row.doc as LegacyProduct);
        await handleCommand(deps, productDecider, productStream(row.key), { type: 'ReviseProduct', key: row.key, changes }, metadata('migration'));
      }
      if (legacy.length > 0) ctx.log.info({ products: legacy.length }, 'products given structured dates, place and hours');
      return legacy.length;
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
