import type { RecordedEvent } from '../shared/events/index.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import { randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { articleStream } from './article.ts';
import { facilitatorStream } from './facilitator.ts';
import { catalogueCommands } from './handlers.ts';
import { productStream } from './product.ts';
import { catalogueProjection } from './projections.ts';
import { catalogueQueries, pageQueries } from './queries.ts';
import { cachedPublicReads } from './read-cache.ts';
import type { CatalogueTables } from './schema.ts';

export {
  CATEGORIES, ENDED_AFTER_MS, EVENT_YEARS, eventStart, firstSessionMinutes, isSiteMedia, isEventOver, isUpcoming, priceIn, toApiVideo,
  type ApiVideo, type Bilingual, type Category, type Currency, type DetailLine, type LearningPoint, type Price,
  type Product, type ProductEvent, type ProductRevised, type ProductSecrets, type Teacher,
} from './product.ts';
export { articleKey, type Article } from './article.ts';
export type { Facilitator } from './facilitator.ts';
export { OFFER_CURRENCIES, type AdminProduct, type Listed, type Offer } from './queries.ts';
export type { ProductInput } from './handlers.ts';
export { DEMO_KEYS } from './seed/products.ts';

/**
 * What the catalogue asks of whoever sells products (the purchases module, handed over by the
 * composition root in src/server/modules.ts): pages mark owned items and send owners to watch them.
 */
export type OwnershipPort = {
  /** The keys of the products `userId` may watch now. */
  ownedKeys(userId: string): Promise<readonly string[]>;
  /** When `ownedKeys(userId)` next changes by the clock alone (an access window ending); null when it will not. */
  ownershipChangesAt(userId: string): Promise<Date | null>;
  /** A product's recording and live links for its owner inside the access window; nothing for anyone else. */
  linksFor(userId: string | null, key: string): Promise<{ watchURL?: string; meetLink?: string }>;
};

/** A catalogue with nobody selling it (tests of the catalogue alone): nobody owns anything. */
export const nobodyOwnsAnything: OwnershipPort = { ownedKeys: async () => [], ownershipChangesAt: async () => null, linksFor: async () => ({}) };

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
export function createCatalogue(ctx: ModuleContext, ports: { ownership: OwnershipPort } = { ownership: nobodyOwnsAnything }) {
  const db = ctx.db as unknown as ModuleDb<CatalogueTables>;
  const clock = ctx.clock ?? systemClock;
  const { queries, forget } = cachedPublicReads(catalogueQueries(db));
  return {
    projections: [catalogueProjection],
    changesIn,
    /** Drops the public reads held in memory that `changes` made stale (on every instance, from the log follower). */
    forgetReads: forget,
    ...queries,
    ...pageQueries(queries, ports.ownership, clock),
    /** Until when a page showing what `userId` owns stays true (null: until something is bought or changed). */
    ownershipChangesAt: (userId: string) => ports.ownership.ownershipChangesAt(userId),
    ...forgettingAfter(catalogueCommands({ db, store: ctx.store, clock, ids: ctx.ids ?? randomIds, log: ctx.log }), forget),
  };
}

/**
 * This instance's own changes drop the reads they made stale as soon as they are committed, even where
 * nobody follows the log (the module alone, in tests); other instances' changes come through `forgetReads`.
 */
function forgettingAfter<T extends Record<string, (...args: never[]) => Promise<unknown>>>(commands: T, forget: (changes: readonly CatalogueChange[]) => void): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, command] of Object.entries(commands)) {
    wrapped[name] = (...args: never[]) => command(...args).finally(() => forget(['catalogue', 'articles']));
  }
  return wrapped as T;
}

export type Catalogue = ReturnType<typeof createCatalogue>;
