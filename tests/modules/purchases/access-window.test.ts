import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../modules/catalogue/index.ts';
import { accessUntilFor, isOnSale } from '../../../modules/purchases/access.ts';
import { accessUntil, hasAccess, type ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { joinLinkOf, purchasesOn, refusal } from './fixture.ts';

/**
 * The access window and the watch page's decision around each boundary, on every backend: the read model's SQL
 * (what the module queries) must agree with the pure rule `hasAccess` on the last day of the 90-day window and after it.
 */
const LIVE = '2026-03-01T17:00:00.000Z';
const PAID = '2026-02-01T10:00:00.000Z';
const WINDOW_END = '2026-05-30T17:00:00.000Z';
const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date(LIVE), durationMinutes: 180, published: true,
  recordingLink: 'media:recordings/grief.webm', liveLink: 'https://meet.example/grief', prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }],
};
const listing = { key: product.key, title: 'Seminarium o żałobie' } as Product;

describe('the access window lasts until 90 days after the live date', () => {
  it('ends on 30 May 17:00 UTC for an event live on 1 March 17:00 UTC', () => expect(accessUntil(new Date(LIVE)).toISOString()).toBe(WINDOW_END));
});

describe('a recording product bought after its live part (an archive recording, issue 34)', () => {
  // Live 1 March 17:00–20:00 UTC: the live part ends at 20:00.
  const END = '2026-03-01T20:00:00.000Z';
  const times = { liveAt: new Date(LIVE), liveEndsAt: new Date(END) };
  const until = (recordingAvailable: boolean, at: string) => accessUntilFor({ ...times, recordingAvailable }, new Date(at)).toISOString();
  it('gives 90 days from the live part\'s end to a buyer before that end, or at it, as a live buyer has', () => {
    expect(until(true, PAID)).toBe('2026-05-30T20:00:00.000Z');
    expect(until(true, END)).toBe('2026-05-30T20:00:00.000Z');
  });
  it('gives 90 days from the purchase to a buyer a millisecond after the end, or a year after', () => {
    expect(until(true, '2026-03-01T20:00:00.001Z')).toBe('2026-05-30T20:00:00.001Z');
    expect(until(true, '2027-03-10T09:00:00.000Z')).toBe('2027-06-08T09:00:00.000Z');
  });
  it('leaves a product without a recording at 90 days from its end, whenever bought', () =>
    expect(until(false, '2026-05-01T09:00:00.000Z')).toBe('2026-05-30T20:00:00.000Z'));
  it('stays on sale after the window a live buyer has; a product without a recording does not', () => {
    expect(isOnSale(new Date(LIVE), new Date(WINDOW_END), true)).toBe(true);
    expect(isOnSale(new Date(LIVE), new Date('2031-01-01T00:00:00Z'), true)).toBe(true);
    expect(isOnSale(new Date(LIVE), new Date(WINDOW_END), false)).toBe(false);
    expect(isOnSale(new Date(LIVE), new Date('2026-05-30T16:59:59.999Z'))).toBe(true);
  });
});

describe.each(backends)('access of one buyer on $name (paid 1 February, live 1 March, window ends 30 May 17:00 UTC)', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let purchases: ReturnType<typeof purchasesOn>['purchases'];
  const clock = fixedClock(PAID);
  beforeEach(async () => {
    clock.set(PAID);
    handle = await openMigrated(backend);
    ({ purchases } = purchasesOn(handle, product, { clock, listing, env: { MEDIA_DIR: '/srv/media' } }));
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: 'buyer@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' });
    await purchases.payDevCheckout(purchaseId, 'u1');
  });
  afterEach(async () => handle?.close());

  /** The rule and the read model's query, asked at the same instant. */
  const accessAt = async (at: string) => {
    clock.set(at);
    const row = (await purchases.purchasesOf('u1'))[0]!;
    const rule = hasAccess({ paidAt: row.paid_at, accessUntil: row.access_until }, new Date(at));
    const query = (await purchases.activePurchase('u1', product.key)) !== undefined;
    const owned = (await purchases.ownedKeys('u1')).includes(product.key);
    return { rule, query, owned };
  };

  it('is open on the last day of the window, a millisecond before its end', async () =>
    expect(await accessAt('2026-05-30T16:59:59.999Z')).toEqual({ rule: true, query: true, owned: true }));
  it('is closed at the end of the window and the day after', async () => {
    expect(await accessAt(WINDOW_END)).toEqual({ rule: false, query: false, owned: false });
    expect(await accessAt('2026-05-31T17:00:00.000Z')).toEqual({ rule: false, query: false, owned: false });
  });
  it('says what the buyer owns changes by the clock at the window\'s end, and nothing once it has ended', async () => {
    clock.set('2026-05-30T16:59:59.999Z');
    expect((await purchases.accessChangesAt('u1'))?.toISOString()).toBe(WINDOW_END);
    expect(await purchases.accessChangesAt('u2')).toBeNull();
    clock.set(WINDOW_END);
    expect(await purchases.accessChangesAt('u1')).toBeNull();
  });
  it('is not open before the payment', async () =>
    expect(await accessAt('2026-02-01T09:59:59.000Z')).toEqual({ rule: false, query: false, owned: false }));

  it('shows the owner the countdown and Join until 24 hours after the start, and the recording from then on', async () => {
    clock.set('2026-03-02T16:59:59.000Z');
    const before = await purchases.watchDecision('u1', product.key);
    // Join leads through the buyer's personal join link; the meeting's own URL is not on the page.
    expect(before).toMatchObject({ view: { kind: 'pre-event', canJoin: true }, links: { meetLink: joinLinkOf((await purchases.purchasesOf('u1'))[0]!.purchase_id) } });
    expect(JSON.stringify(before?.links)).not.toContain(product.liveLink!);
    clock.set('2026-03-02T17:00:00.000Z');
    const after = await purchases.watchDecision('u1', product.key);
    expect(after?.view).toEqual({ kind: 'playback' });
    expect(after?.links.watchURL).toMatch(/^\/media\/recordings\/grief-seminar\?u=u1&/);
  });
  it('tells the owner access has expired once the window has ended, with no links', async () => {
    clock.set(WINDOW_END);
    expect(await purchases.watchDecision('u1', product.key)).toMatchObject({ view: { kind: 'access-expired', accessUntil: new Date(WINDOW_END) }, links: {} });
  });
  it('denies anyone else, signed in or not, and knows no unknown product', async () => {
    clock.set('2026-03-02T17:00:00.000Z');
    expect(await purchases.watchDecision('u2', product.key)).toMatchObject({ view: { kind: 'access-denied' }, links: {} });
    expect(await purchases.watchDecision(null, product.key)).toMatchObject({ view: { kind: 'access-denied' }, links: {} });
    expect(await purchases.watchDecision('u1', 'no-such-product')).toBeNull();
  });

  it('serves the recording through a signed link on the last day of the window, and no more after it', async () => {
    clock.set('2026-05-30T16:30:00.000Z');
    const link = new URL((await purchases.linksFor('u1', product.key)).watchURL!, 'http://x').searchParams;
    expect(await purchases.recordingAccess(product.key, link)).toBe('/srv/media/recordings/grief.webm');
    clock.set(WINDOW_END);
    expect(await refusal(purchases.recordingAccess(product.key, link))).toBe('no-access');
  });
  it('serves no recording for a forged link or another product', async () => {
    clock.set('2026-03-02T17:00:00.000Z');
    const link = new URL((await purchases.linksFor('u1', product.key)).watchURL!, 'http://x').searchParams;
    const forged = new URLSearchParams(link);
    forged.set('u', 'u2');
    expect(await refusal(purchases.recordingAccess(product.key, forged))).toBe('no-access');
    expect(await refusal(purchases.recordingAccess('other-product', link))).toBe('no-access');
  });

  it('sells to a new buyer on the last day of the window, and no more once it has ended', async () => {
    const start = () => purchases.startCheckout({ userId: 'u2', email: 'late@example.com', productKey: product.key, priceId: 'pln', locale: 'en' });
    clock.set('2026-05-30T16:59:59.000Z');
    expect((await start()).url).toMatch(/^http:\/\/shop\.test\/dev-checkout\//);
    clock.set(WINDOW_END);
    expect(await refusal(start())).toBe('not-on-sale');
    expect(await refusal(purchases.startCheckout({ userId: 'u1', email: 'b@example.com', productKey: product.key, priceId: 'pln', locale: 'en' }))).toBe('not-on-sale');
  });

  it('lists the product once in My Recordings with its window and its purchase (for its invoice), and nothing for another buyer', async () => {
    const [entry, ...more] = await purchases.library('u1');
    expect(more).toEqual([]);
    expect(entry).toEqual({ product: listing, accessUntil: new Date(WINDOW_END), purchaseId: expect.any(String), paidAt: expect.any(Date) });
    const paid = await purchases.purchasesOf('u1');
    expect([entry!.purchaseId, entry!.paidAt]).toEqual([paid[0]!.purchase_id, new Date(paid[0]!.paid_at!)]);
    expect(await purchases.library('u2')).toEqual([]);
  });
});
