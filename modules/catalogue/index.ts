import type { ModuleDb } from '../shared/db/index.ts';
import { randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { changesIn, type CatalogueChange } from './changes.ts';
import { catalogueCommands } from './handlers.ts';
import { nobodyOwnsAnything, type OwnershipPort, type SeatsPort } from './ports.ts';
import { catalogueProjection } from './projections.ts';
import { catalogueQueries, pageQueries } from './queries.ts';
import { cachedPublicReads } from './read-cache.ts';
import type { CatalogueTables } from './schema.ts';

export {
  CATEGORIES, ENDED_AFTER_MS, EVENT_YEARS, eventStart, isSiteMedia, isEventOver, isUpcoming, JOIN_OPENS_MINUTES, priceIn,
  type Bilingual, type Category, type Currency, type DetailLine, type LearningPoint, type Price,
  type Product, type ProductEvent, type ProductRevised, type ProductSecrets, type Teacher,
} from './product.ts';
export {
  dateRange, dayLine, detailLines, durationLine, firstSessionMinutes, joinOpensAt, productDate, shownSessions, toApiVideo, warsawClock, whenLine,
  type ApiVideo, type ShownDetail, type ShownSession,
} from './facts.ts';
export { articleKey, type Article } from './article.ts';
export type { Facilitator, FacilitatorFields } from './facilitator.ts';
export { OFFER_CURRENCIES, type AdminProduct, type Listed, type Offer } from './queries.ts';
export type { ProductInput } from './handlers.ts';
export { DEMO_KEYS } from './seed/products.ts';
export { lastSessionEnd, sessionsOf, type Session } from './sessions.ts';
export { nobodyOwnsAnything, type OwnershipPort, type SeatsPort } from './ports.ts';
export { DEFAULT_OFFER_HOURS, MAX_OFFER_HOURS, DEFAULT_REMINDER_OFFSETS, MAX_REMINDER_MINUTES, MAX_REMINDERS, reminderOffsetsOf, sessionDates, warsawDate, type SessionInput } from './schedule.ts';
export { REMINDERS_CHANGED_TOPIC, SCHEDULE_CHANGED_TOPIC, type ProductScheduleChanged, type RemindersChange, type ScheduleChange, type SessionMove, type SessionTimes } from './schedule-change.ts';
export { CAPACITY_CHANGED_TOPIC, type CapacityChange } from './capacity-change.ts';
export { changesIn, type CatalogueChange } from './changes.ts';
export { defaultSessionHours, hoursBySession, type SessionHours } from './hours.ts';

/** Catalogue: products (seminars, workshops, trainings), facilitators, articles. */
/** `behind`: true while the event log holds something this process has not applied (the public reads then ask the database). */
export function createCatalogue(ctx: ModuleContext, ports: { ownership: OwnershipPort; seats?: SeatsPort } = { ownership: nobodyOwnsAnything }, options: { behind?: () => boolean } = {}) {
  const db = ctx.db as unknown as ModuleDb<CatalogueTables>;
  const clock = ctx.clock ?? systemClock;
  const { queries, forget } = cachedPublicReads(catalogueQueries(db), options.behind);
  return {
    projections: [catalogueProjection],
    changesIn,
    /** Drops the public reads held in memory that `changes` made stale (on every instance, from the log follower). */
    forgetReads: forget,
    ...queries,
    ...pageQueries(queries, ports.ownership, clock),
    /** Until when a page showing what `userId` owns stays true (null: until something is bought or changed). */
    ownershipChangesAt: (userId: string) => ports.ownership.ownershipChangesAt(userId),
    ...forgettingAfter(catalogueCommands({ db, store: ctx.store, clock, ids: ctx.ids ?? randomIds, log: ctx.log, ...(ports.seats ? { seats: ports.seats } : {}) }), forget),
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
