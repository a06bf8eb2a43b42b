import type { Logger } from 'pino';
import type { ModuleDb } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import { DomainError, handleCommand, isDomainError, loadState, type Clock, type IdSource } from '../shared/kernel/index.ts';
import { articleDecider, articleKey, articleStream, articleSuffix, type Article, type ArticlePublished } from './article.ts';
import { facilitatorCommands } from './facilitator-commands.ts';
import { isLegacy, structuredFromLegacy, withoutLegacyText, type LegacyProduct } from './legacy.ts';
import type { SeatsPort } from './ports.ts';
import { checkStartIsFirstSession, scheduleOf, sessionId, shiftedSessions, withIds, type SessionInput } from './schedule.ts';
import { sessionsOf, type Session } from './sessions.ts';
import { productDecider } from './product-decider.ts';
import { priceIdOf, productStream, type PriceInput, type Product, type ProductEvent, type ProductRevised, type ProductSecrets } from './product.ts';
import { capacityChangedMessage } from './capacity-change.ts';
import { remindersChangedMessage, scheduleChangedMessage } from './schedule-change.ts';
import type { AdminProduct } from './queries.ts';
import type { CatalogueTables } from './schema.ts';
import { demoArticles } from './seed/articles.ts';
import { demoFacilitators } from './seed/facilitators.ts';
import { demoProducts } from './seed/products.ts';

/**
 * What an admin sends for a product: everything but its key, its prices' ids, which the server gives, and what
 * follows from its facilitators (their leader's name and photo, the teachers). The schedule is its sessions (their
 * ids the server's); an older client may send the single start, days and daily end instead, read as one session a day.
 * `confirmPastStart`: the admin confirms that a live product's start in the past is meant (a recording needs none).
 */
export type ProductInput = Omit<AdminProduct, 'key' | 'price' | 'channel' | 'avatar' | 'teachers' | 'sessions' | 'startsAt' | 'days' | 'dailyEnd'> & {
  price: [PriceInput, PriceInput, PriceInput];
  sessions?: SessionInput[];
  startsAt?: string; days?: number; dailyEnd?: string;
  confirmPastStart?: boolean;
};

/**
 * The sessions an input stands for: its own, each keeping an id the product has (`current`); or, from the single-start
 * fields, one a day, keeping the product's ids by position. None when it gives neither (the decider refuses).
 */
function sessionsFrom(input: ProductInput, current: readonly Session[], fresh: () => string): Session[] {
  if (input.sessions) {
    checkStartIsFirstSession(input.startsAt, input.sessions);
    return withIds(input.sessions, current, fresh);
  }
  if (input.startsAt === undefined || input.days === undefined || input.dailyEnd === undefined) return [];
  const byDay = sessionsOf({ startsAt: input.startsAt, days: input.days, dailyEnd: input.dailyEnd });
  return byDay.map((s, i) => ({ ...s, id: current[i]?.id ?? sessionId(fresh()) }));
}

/** The product definition, the links and the visibility an admin's input stands for. */
function fromInput(key: string, input: ProductInput, current: readonly Session[], fresh: () => string) {
  const { liveLink, recordingLink, published, confirmPastStart, sessions: _sessions, startsAt, days, dailyEnd, capacity, ...definition } = input;
  // A revision keeps the ids the product already has (the decider's rule); a new product gets these.
  const price = input.price.map((p) => ({ priceMinor: p.priceMinor, name: p.name, api: priceIdOf(key, p.name) })) as Product['price'];
  const sessions = sessionsFrom(input, current, fresh);
  // The decider derives the single-start fields from the sessions again; these stand in when there are none.
  const schedule = sessions.length > 0 ? scheduleOf(sessions) : { sessions, startsAt: startsAt ?? '', days: days ?? 1, dailyEnd: dailyEnd ?? '' };
  const product: Product = {
    ...definition, ...schedule, ...(capacity !== undefined ? { capacity } : {}), price, channel: '', avatar: '', teachers: [], key,
  };
  return { product, secrets: { liveLink, recordingLink }, published, confirmPastStart };
}

export type CommandContext = { db: ModuleDb<CatalogueTables>; store: EventStore; clock: Clock; ids: IdSource; log: Logger; seats?: SeatsPort };

/** The catalogue's commands: each one stream, decided by its decider through the kernel. */
export function catalogueCommands(ctx: CommandContext) {
  const deps = { db: ctx.db, store: ctx.store };
  // A schedule change is announced once it commits (one outbox row per revision): its buyers are told in the background.
  // So is a change of the reminder offsets, after which their reminders are planned again, and a capacity set, after
  // which the seats it freed are offered to the waiting list.
  const announced = (at: string) => (events: ProductEvent[]) => events.flatMap((e) => {
    if (e.type === 'ProductScheduleChanged') return [scheduleChangedMessage(e.data)];
    if (e.type !== 'ProductRevised') return [];
    const { key, changes } = e.data;
    return [
      ...(changes.reminderOffsets !== undefined ? [remindersChangedMessage({ productKey: key, at })] : []),
      ...(typeof changes.capacity === 'number' ? [capacityChangedMessage({ productKey: key, capacity: changes.capacity, at })] : []),
    ];
  });
  const metadata = (actor: string | null) => ({ metadata: { actor } });
  const productOptions = (actor: string | null, at = ctx.clock().toISOString()) => ({ metadata: { actor }, outbox: announced(at) });

  const publishProduct = async (product: Product, secrets: ProductSecrets, actor: string | null = null) => {
    await handleCommand(deps, productDecider, productStream(product.key), { type: 'PublishProduct', product, secrets }, productOptions(actor));
  };
  const facilitators = facilitatorCommands({ db: ctx.db, store: ctx.store, ids: ctx.ids });
  const { introduceFacilitator } = facilitators;
  const reviseProduct = async (key: string, changes: ProductRevised['data']['changes'], actor: string | null = null, secrets?: Partial<ProductSecrets>) => {
    const at = ctx.clock().toISOString();
    await handleCommand(deps, productDecider, productStream(key), { type: 'ReviseProduct', key, changes, at, ...(secrets ? { secrets } : {}) }, productOptions(actor, at));
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

    /**
     * Adds a product (admin) under a fresh key, published or not; answers its key. Refuses a live product's start in
     * the past unless confirmed (`product-start-past`), and a start that is not the first session's.
     */
    async createProduct(input: ProductInput, actor: string | null): Promise<string> {
      const { product, secrets, published, confirmPastStart } = fromInput(ctx.ids(), input, [], ctx.ids);
      const notBefore = ctx.clock().toISOString();
      await facilitators.checkChosen(product.facilitators);
      const command = { type: 'PublishProduct' as const, product, secrets, published, notBefore, confirmPastStart };
      await handleCommand(deps, productDecider, productStream(product.key), command, productOptions(actor));
      return product.key;
    },

    /**
     * Replaces a product's definition, links and visibility (admin): only what differs is recorded. Refuses
     * `product-not-found`, a live product's start moved into the past unconfirmed (`product-start-past`), a start that
     * is not the first session's (`product-start-not-first-session`), sessions and capacity the decider
     * refuses (schedule.ts), and a capacity below the seats sold (`product-capacity-below-sold`).
     */
    async saveProduct(key: string, input: ProductInput, actor: string | null): Promise<void> {
      const { state } = await loadState(deps, productDecider, productStream(key));
      if (state.status === 'absent') throw new DomainError('product-not-found', { key });
      // What follows from the facilitators is never typed, so a save leaves what was recorded of it alone.
      const { product: { key: _key, channel: _channel, avatar: _avatar, teachers: _teachers, ...changes }, secrets, published, confirmPastStart } = fromInput(key, input, sessionsOf(state.product), ctx.ids);
      await facilitators.checkChosen(changes.facilitators);
      const notBefore = ctx.clock().toISOString();
      const seatsSold = typeof changes.capacity === 'number' && ctx.seats ? await ctx.seats.sold(key) : undefined;
      const command = { type: 'ReviseProduct' as const, key, changes, secrets, published, notBefore, confirmPastStart, at: notBefore, ...(seatsSold !== undefined ? { seatsSold } : {}) };
      await handleCommand(deps, productDecider, productStream(key), command, productOptions(actor, notBefore));
    },

    /**
     * "Duplicate as a new edition" (admin): the product again under a fresh key, starting at `startsAt` (a live one not
     * in the past: `product-edition-start-past`), unpublished, with no live or recording link; buyers belong to the old key, so the copy has none.
     * Answers the new key. Refuses `product-not-found` for an unknown source.
     */
    async duplicateEdition(sourceKey: string, startsAt: string, actor: string | null): Promise<string> {
      const { state } = await loadState(deps, productDecider, productStream(sourceKey));
      if (state.status === 'absent') throw new DomainError('product-not-found', { key: sourceKey });
      const source = withoutLegacyText(state.product);
      const product: Product = { ...source, key: ctx.ids(), startsAt, sessions: shiftedSessions(sessionsOf(source), startsAt, ctx.ids) };
      const command = { type: 'PublishProduct' as const, product, secrets: { liveLink: null, recordingLink: null }, published: false, notBefore: ctx.clock().toISOString() };
      // The edition dialog has no confirmation to tick: its refusal says only that the start is past.
      await handleCommand(deps, productDecider, productStream(product.key), command, productOptions(actor)).catch((e: unknown) => {
        throw isDomainError(e, 'product-start-past') ? new DomainError('product-edition-start-past', { startsAt }) : e;
      });
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
        await handleCommand(deps, productDecider, productStream(row.key), { type: 'ReviseProduct', key: row.key, changes }, productOptions('migration'));
      }
      if (legacy.length > 0) ctx.log.info({ products: legacy.length }, 'products given structured dates, place and hours');
      return legacy.length;
    },

    /**
     * Start-up migration of issue 24: every product recorded before sessions existed is revised with the sessions its
     * start, days and daily end stand for (`sessionsOf`, ids `day-1`, `day-2`, … as purchases saw them), as the
     * `migration` actor. Runs after `migrateLegacyProducts`; idempotent. Answers how many were revised.
     */
    async giveSessions(): Promise<number> {
      const rows = await ctx.db.selectFrom('catalogue_products').select(['key', 'doc']).execute();
      const without = rows.filter((r) => !isLegacy(r.doc as LegacyProduct) && !((r.doc as Product).sessions?.length));
      for (const row of without) await reviseProduct(row.key, { sessions: sessionsOf(row.doc as Product) }, 'migration');
      if (without.length > 0) ctx.log.info({ products: without.length }, 'products given their sessions');
      return without.length;
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
