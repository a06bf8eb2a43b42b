import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../modules/catalogue/index.ts';
import { withdrawalTokens, type ConsentKind, type ProductForSale } from '../../../modules/purchases/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

/** A two-day live workshop with a recording, 10:00–14:00 Warsaw (summer time) on 4 and 5 May 2026. */
const product: ProductForSale = {
  key: 'shame-workshop', title: { pl: 'Warsztat o wstydzie', en: 'Shame workshop' }, liveAt: new Date('2026-05-04T08:00:00.000Z'), durationMinutes: 240,
  published: true, recordingLink: 'media:recordings/shame.mp4', liveLink: 'https://meet.example/shame', prices: [{ currency: 'PLN', amountMinor: 90000, priceId: 'pln' }],
};
const listing = { key: product.key, title: 'Warsztat o wstydzie', titleEn: 'Shame workshop', startsAt: '2026-05-04T08:00:00.000Z', days: 2,
  dailyEnd: '14:00', recordingAvailable: true } as Product;
const secret = 'x'.repeat(32);

describe.each(backends)('withdrawing from a purchase on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let now = new Date('2026-05-01T10:00:00.000Z');
  beforeEach(async () => { handle = await openMigrated(backend); now = new Date('2026-05-01T10:00:00.000Z'); });
  afterEach(async () => handle?.close());

  /** Bought now, with the consent the workshop needs while it is still to come (none once it is over). */
  async function bought(userId = 'u1', consents: ConsentKind[] = ['earlyStart']) {
    const setup = purchasesOn(handle, product, { clock: () => now, listing, log: { isCurrent: () => true },
      buyer: { email: 'ewa@example.com', name: 'Ewa Nowak', language: 'en' } });
    const { purchaseId } = await setup.purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl', consents });
    expect(await setup.purchases.payDevCheckout(purchaseId, userId)).toBe('recorded');
    return { ...setup, purchaseId };
  }
  const mails = () => handle.db.selectFrom('outbox').selectAll().where('dedupe_key', 'like', 'mail:withdrawal-acknowledgement:%').execute();

  it('given a purchase in its period, when the buyer withdraws by the link, then the refund is asked, access ends at once and the acknowledgement is queued', async () => {
    const { purchases, store, purchaseId } = await bought();
    expect(purchases.purchaseOfToken(withdrawalTokens(secret).tokenFor(purchaseId))).toBe(purchaseId);
    expect((await purchases.withdrawalOffers('u1')).map((o) => o.purchaseId)).toEqual([purchaseId]);
    const view = await purchases.withdrawalView(purchaseId);
    expect(view).toMatchObject({ buyer: { userId: 'u1', name: 'Ewa Nowak', email: 'ewa@example.com' }, right: { open: true, proRataMinor: 0, refundMinor: 90_000 } });
    now = new Date('2026-05-02T09:15:00.000Z');
    // A recording link issued before the withdrawal (still within its own validity afterwards).
    const issued = (await purchases.linksFor('u1', product.key)).watchURL!;
    expect(await purchases.recordingAccess(product.key, new URL(issued, 'http://shop.test').searchParams)).toMatch(/shame\.mp4$/);
    const done = await purchases.withdraw({ purchaseId, via: 'link' });
    expect(done.withdrawal).toMatchObject({ via: 'link', proRataMinor: 0, refundMinor: 90_000, currency: 'PLN', statement: { buyer: 'u1', purchase: product.key } });
    // The dev checkout settles the refund in the same decision.
    expect((await store.readStream(`purchase-${purchaseId}`)).slice(-4)).toMatchObject([
      { type: 'WithdrawalReceived', metadata: { concerns: ['u1'] } },
      { type: 'RefundRequested', data: { amountMinor: 90_000, currency: 'PLN', requestedBy: { kind: 'withdrawal' }, revokeAccess: true } },
      { type: 'RefundCompleted', data: { amountMinor: 90_000, currency: 'PLN' } },
      { type: 'PurchaseAccessEnded', data: { cause: 'withdrawal' } },
    ]);
    expect((await store.readStream(`ownership-u1:${product.key}`)).map((e) => e.type)).toEqual(['OwnershipClaimed', 'OwnershipReleased']);
    expect(await purchases.ownedKeys('u1')).toEqual([]);
    expect(await purchases.linksFor('u1', product.key)).toEqual({});
    expect((await purchases.watchDecision('u1', product.key))?.links).toEqual({});
    expect(await refusal(purchases.recordingAccess(product.key, new URL(issued, 'http://shop.test').searchParams))).toBe('no-access');
    expect(await purchases.withdrawalOffers('u1')).toEqual([]);
    const [mail] = await mails();
    const payload = mail!.payload as { to: string; subject: string; text: string };
    expect(payload).toMatchObject({ to: 'ewa@example.com', subject: 'Withdrawal acknowledged: Shame workshop' });
    expect(payload.text).toContain('I, Ewa Nowak (ewa@example.com), withdraw from the contract for “Shame workshop”');
    expect(payload.text).toContain('Date and time of receipt: 2 May 2026 at 11:15 (Polish time)');
  });

  it('given the early-start request made at checkout, when the workshop has been fully performed, then the right has ended within the 14 days', async () => {
    const { purchases, purchaseId } = await bought();
    now = new Date('2026-05-05T11:59:00.000Z');
    expect((await purchases.withdrawalOffers('u1')).map((o) => o.purchaseId)).toEqual([purchaseId]);
    // The second and last day ends at 14:00 Warsaw time (12:00 UTC).
    now = new Date('2026-05-05T12:00:00.000Z');
    expect(await purchases.withdrawalOffers('u1')).toEqual([]);
    expect(await refusal(purchases.withdraw({ purchaseId, via: 'link' }))).toBe('withdrawal-right-ended');
  });

  it('refuses a second withdrawal, someone else\'s purchase, a forged link and a withdrawal after the period, changing nothing', async () => {
    const { purchases, store, purchaseId } = await bought();
    expect(() => purchases.purchaseOfToken(`${purchaseId}.forged`)).toThrow(expect.objectContaining({ code: 'withdrawal-link-invalid' }));
    expect(await refusal(purchases.withdraw({ purchaseId, via: 'account', userId: 'u2' }))).toBe('withdrawal-not-yours');
    now = new Date('2026-05-03T21:59:59.000Z');
    await purchases.withdraw({ purchaseId, via: 'account', userId: 'u1' });
    const length = (await store.readStream(`purchase-${purchaseId}`)).length;
    expect(await refusal(purchases.withdraw({ purchaseId, via: 'link' }))).toBe('withdrawal-exists');
    expect((await store.readStream(`purchase-${purchaseId}`)).length).toBe(length);
    expect(await mails()).toHaveLength(1);

    now = new Date('2026-05-15T21:59:59.000Z');
    const late = await bought('u3', []);
    // Paid at 23:59:59 on 15 May (Warsaw): the 14 days are 16–29 May, so the period ends with 29 May (Warsaw midnight).
    now = new Date('2026-05-29T21:59:59.999Z');
    expect((await late.purchases.withdrawalOffers('u3')).map((o) => o.purchaseId)).toEqual([late.purchaseId]);
    now = new Date('2026-05-29T22:00:00.000Z');
    expect(await late.purchases.withdrawalOffers('u3')).toEqual([]);
    expect(await refusal(late.purchases.withdraw({ purchaseId: late.purchaseId, via: 'link' }))).toBe('withdrawal-period-over');
    expect((await late.purchases.withdrawalView(late.purchaseId)).right).toEqual({ open: false, refusal: 'withdrawal-period-over' });
  });

  it('given the workshop under way, then the buyer pays the share provided and gets the rest back', async () => {
    const { purchases, purchaseId } = await bought();
    now = new Date('2026-05-05T08:00:00.000Z');
    expect((await purchases.withdrawalView(purchaseId)).right).toMatchObject({ open: true, underWay: true, proRataMinor: 45_000, refundMinor: 45_000 });
    expect((await purchases.withdraw({ purchaseId, via: 'link' })).withdrawal).toMatchObject({ proRataMinor: 45_000, refundMinor: 45_000 });
    const text = ((await mails())[0]!.payload as { text: string }).text;
    expect(text).toContain('For the part of the service provided until the withdrawal: 450.00 PLN');
    expect(text).toContain('Amount refunded: 450.00 PLN');
  });

  it('given a withdrawal racing a refund on the same purchase, then the stream\'s version lets exactly one through', async () => {
    const { purchases, store, purchaseId } = await bought();
    const stream = `purchase-${purchaseId}`;
    const version = (await store.readStream(stream)).at(-1)!.streamVersion;
    const refund = { type: 'RefundRequested', data: { purchaseId, refundId: 'r-admin', amountMinor: 90_000, currency: 'PLN', reason: 'admin',
      requestedBy: { kind: 'admin', userId: 'admin-1' }, revokeAccess: true, at: now.toISOString() } };
    const [withdrawn, refunded] = await Promise.all([
      refusal(purchases.withdraw({ purchaseId, via: 'link' })),
      store.append(stream, version, [refund]).then(() => 'accepted', (e: Error) => e.name),
    ]);
    const types = (await store.readStream(stream)).map((e) => e.type);
    if (withdrawn === 'accepted') {
      expect(refunded).not.toBe('accepted');
      expect(types.filter((t) => t === 'RefundRequested')).toHaveLength(1);
    } else {
      expect([withdrawn, refunded]).toEqual(['withdrawal-refunded', 'accepted']);
      expect(types).not.toContain('WithdrawalReceived');
    }
  });

  it('given a grant by hand, then there is nothing to withdraw from', async () => {
    const { purchases } = purchasesOn(handle, product, { clock: () => now, listing });
    const { purchaseId } = await purchases.grantAccess({ productKey: product.key, email: 'u5@example.com', reason: 'free place', adminId: 'admin-1' });
    expect(await refusal(purchases.withdraw({ purchaseId, via: 'link' }))).toBe('withdrawal-not-purchase');
    expect(await purchases.withdrawalOffers('u5')).toEqual([]);
  });
});
