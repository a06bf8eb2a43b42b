// Seats (issue 24): the checkout rate at the last seats of a product. Per database: many buyers at once ask for the
// last seats; each is held (the seat first, then the payment page) or refused sold-out before any provider is asked.
// On PostgreSQL the same again from two instances (two pools, one database): the per-product seats lock queues them
// across instances. The dev checkout stands in for Stripe (no network). Figures, not tests.
import type { ProductForSale } from '../modules/purchases/index.ts';
import { connectPostgres } from '../modules/shared/db/index.ts';
import { purchasesOn } from '../tests/modules/purchases/fixture.ts';
import { backendName, inParallel, openApp, type Backend } from './app.ts';
import { record } from './table.ts';

const BUYERS = Number(process.env.BENCH_SEAT_BUYERS ?? 400);
const SEATS = 20;
const AT_ONCE = 16;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const product = (key: string): ProductForSale => ({
  key, title: { pl: 'Trening', en: 'Training' }, liveAt: new Date(Date.now() + 20 * 86_400_000), durationMinutes: 480, published: true,
  recordingLink: null, liveLink: null, prices: [{ currency: 'PLN', amountMinor: 240_000, priceId: 'pln' }], capacity: SEATS,
});

type Shop = ReturnType<typeof purchasesOn>['purchases'];

async function race(shops: Shop[], key: string) {
  const took: number[] = [];
  let held = 0;
  let soldOut = 0;
  const started = performance.now();
  await inParallel(BUYERS, AT_ONCE, async (i) => {
    const t0 = performance.now();
    try {
      await shops[i % shops.length]!.startCheckout({ userId: `seat-buyer-${i}`, email: `seat-buyer-${i}@example.com`, productKey: key, priceId: 'pln', locale: 'pl' });
      held += 1;
    } catch (error) {
      if ((error as { code?: string }).code !== 'sold-out') throw error;
      soldOut += 1;
    }
    took.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  took.sort((a, b) => a - b);
  return { rps: BUYERS / seconds, p50: percentile(took, 0.5), p99: percentile(took, 0.99), result: `${held} held, ${soldOut} sold out` };
}

export async function seatsBench(backend: Backend) {
  const opened = await openApp(backend);
  try {
    const label = backendName(backend);
    const one = purchasesOn(opened.database, product('last-seats')).purchases;
    const alone = await race([one], 'last-seats');
    record({ what: 'checkouts for the last seats (held or refused sold-out)', case: `${BUYERS} buyers for ${SEATS} seats, ${AT_ONCE} at once · ${label}`, ...alone });
    if (opened.url) {
      const second = connectPostgres(opened.url);
      try {
        const a = purchasesOn(opened.database, product('last-seats-2')).purchases;
        const b = purchasesOn(second, product('last-seats-2')).purchases;
        const both = await race([a, b], 'last-seats-2');
        record({ what: 'checkouts for the last seats (held or refused sold-out)', case: `${BUYERS} buyers for ${SEATS} seats, two instances · ${label}`, ...both });
      } finally {
        await second.close();
      }
    }
  } finally {
    await opened.close();
  }
}
