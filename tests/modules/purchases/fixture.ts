import { joinLinks } from '../../../modules/meetings/index.ts';
import pino from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { isEventOver, type Product } from '../../../modules/catalogue/index.ts';
import { createPurchases, type CheckoutLimits, type ProductForSale, type PurchasesPorts } from '../../../modules/purchases/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import type { DatabaseHandle } from '../../../modules/shared/db/index.ts';
import { createEventStore, type RecordedEvent } from '../../../modules/shared/events/index.ts';
import type { Clock } from '../../../modules/shared/kernel/index.ts';
import type { LogFreshness } from '../../../modules/shared/memory/index.ts';
import { openMigrated, type Backend } from '../../support/databases.ts';

/** The purchases module on a migrated database, selling one product, with the catalogue's and accounts' ports stubbed. */
export function purchasesOn(handle: DatabaseHandle, product: ProductForSale, opts: {
  env?: Record<string, string>; clock?: Clock; buyer?: Awaited<ReturnType<PurchasesPorts['buyers']>>; listing?: Product; erased?: readonly string[];
  /** Remember what users own while this says the log is current (as the server does); committed events drop it. */
  log?: LogFreshness;
  /** Checkout limits per user and per client; the module's defaults when not given. */
  limits?: Partial<CheckoutLimits>;
} = {}) {
  let committed: (events: RecordedEvent[]) => void = () => {};
  const store = createEventStore(handle.db, { onCommitted: (events) => committed(events) });
  const ports: PurchasesPorts = {
    products: async (key) => (key === product.key ? product : null),
    productKeyForPrice: async (priceId) => (product.prices.some((p) => p.priceId === priceId) ? product.key : null),
    listing: async (key) => (key === product.key ? opts.listing ?? null : null),
    isEventOver,
    buyers: async () => opts.buyer ?? { email: 'buyer@example.com', name: 'Ewa', language: 'pl' },
    contacts: async (userIds) => new Map(userIds.filter((id) => !opts.erased?.includes(id))
      .map((id) => [id, { name: `Name ${id}`, email: `${id}@example.com`, phone: `+48 ${id}` }])),
    userIdByEmail: async (email) => (/^(u\d+)@example\.com$/.exec(email)?.[1] ?? null),
    terms: (lang) => ({ version: 'test-1', title: lang === 'pl' ? 'Regulamin' : 'Terms', sections: [{ heading: '1', paragraphs: [`Terms in ${lang}.`] }] }),
    origin: () => 'http://shop.test',
    // Invoicing is not part of these tests: a checkout asking for an invoice records nothing beside its own events.
    requestInvoice: async () => [],
    invoicingReady: async () => false,
  };
  const config = { ...parseEnv(opts.env ?? {}), JWT_SECRET: 'x'.repeat(32) };
  const purchases = createPurchases({ config, log: pino({ level: 'silent' }), db: handle.db, store, clock: opts.clock }, ports, { log: opts.log, limits: opts.limits });
  committed = (events) => purchases.forgetOwned(events);
  for (const p of purchases.projections) store.addProjection(p);
  return { purchases, store, ports };
}

/** The DomainError code a promise is refused with. */
export const refusal = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: { code?: string }) => error.code ?? String(error));

/**
 * The personal join link (meetings) a buyer is given for a purchase, as the fixture's module makes it: the live link
 * reaches a buyer only through it, never as the meeting's own URL.
 */
export const joinLinkOf = (purchaseId: string) => joinLinks('x'.repeat(32), () => 'http://shop.test').joinLink(purchaseId);

export const DAY = 86_400_000;
/** When the one-seat tests start: their training goes live 20 days later. */
export const START = Date.parse('2026-09-01T08:00:00.000Z');

/** A one-day training with one seat, live 20 days after START, for 2400 PLN (price `pln`). */
export const oneSeatTraining = (title = { pl: 'Trening', en: 'Training' }): ProductForSale => ({
  key: 'training', title, liveAt: new Date(START + 20 * DAY), durationMinutes: 480, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 240000, priceId: 'pln' }], capacity: 1,
});

type Shop = ReturnType<typeof purchasesOn> & { handle: Awaited<ReturnType<typeof openMigrated>>; now: number };

/**
 * `purchasesOn` `product`, on a fresh migrated database of `backend` for each test of the suite around the call and a
 * clock the test moves by setting `now` (START as each test begins). Read the fields inside tests: each test has its own.
 */
export function useShop(backend: Backend, product: ProductForSale, opts: Omit<NonNullable<Parameters<typeof purchasesOn>[2]>, 'clock'> = {}): Shop {
  const shop = { now: START } as Shop;
  beforeEach(async () => {
    shop.now = START;
    shop.handle = await openMigrated(backend);
    Object.assign(shop, purchasesOn(shop.handle, product, { ...opts, clock: () => new Date(shop.now) }));
  });
  afterEach(async () => shop.handle?.close());
  return shop;
}
