import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../modules/mailing/index.ts';
import { backends } from '../../support/databases.ts';
import { DAY, oneSeatTraining, refusal, START, useShop } from './fixture.ts';

const product = oneSeatTraining({ pl: 'Trening oddechu', en: 'Breath training' });

describe.each(backends)('the waiting list of a product with one seat on $name', (backend) => {
  const shop = useShop(backend, product, { buyer: { email: 'b@example.com', name: 'Basia', language: 'en' } });

  const buy = async (userId: string) => {
    const started = await shop.purchases.startCheckout({ userId, email: `${userId}@example.com`, productKey: product.key, priceId: 'pln', locale: 'pl' });
    expect(await shop.purchases.payDevCheckout(started.purchaseId, userId)).toBe('recorded');
    return started.purchaseId;
  };
  const rows = async (topic: string) => (await shop.handle.db.selectFrom('outbox' as never).selectAll().where('topic' as never, '=', topic as never).execute()) as
    { id: number; topic: string; dedupe_key: string; payload: unknown; not_before: Date | null }[];
  const payloadOf = (row: { payload: unknown }) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload);
  /** Runs the offer rows written so far (as the worker would), and answers the offer mails they wrote. */
  async function offerMails(): Promise<Mail[]> {
    for (const row of await rows('waitlist-offer')) await shop.purchases.outboxHandlers['waitlist-offer']!(payloadOf(row));
    return (await rows('mail')).filter((r) => r.dedupe_key.startsWith('mail:waitlist-offer:')).map((r) => payloadOf(r) as Mail);
  }
  const refund = (purchaseId: string) => shop.purchases.requestRefund({ purchaseId, amountMinor: 240_000, reason: 'rezygnacja', requestedBy: { kind: 'admin', userId: 'admin' }, revokeAccess: true });

  it('offers a freed seat to the first person waiting, by mail in their language, and lets them, not a stranger, buy it', async () => {
    const paidA = await buy('A');
    expect(await shop.purchases.waitlist.join(product.key, 'B')).toEqual({ open: true, position: 1, offer: null });
    expect(await shop.purchases.waitlist.join(product.key, 'C')).toEqual({ open: true, position: 2, offer: null });
    expect(await refusal(shop.purchases.waitlist.join(product.key, 'A'))).toBe('already-owned');
    await refund(paidA);
    const expiresAt = new Date(START + DAY).toISOString();
    expect(await shop.purchases.waitlist.status(product.key, 'B')).toEqual({ open: true, position: 1, offer: { offerId: '1', expiresAt } });
    expect(await shop.purchases.seats(product.key)).toMatchObject({ sold: 0, held: 1, waiting: 1, free: 0 });
    // The offer's seat expires with it: a timed row at its end.
    expect((await rows('seat-expiry')).some((r) => r.not_before?.toISOString() === expiresAt)).toBe(true);
    const [mail, ...more] = await offerMails();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A seat is free: “Breath training”');
    expect(mail!.text).toContain('http://shop.test/video-details/training?kup=1');
    expect(mail!.text).toMatch(/http:\/\/shop\.test\/oferta\/\S+/);
    expect(await refusal(shop.purchases.startCheckout({ userId: 'X', email: 'x@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' }))).toBe('sold-out');
    await buy('B');
    expect(await shop.purchases.waitlist.status(product.key, 'B')).toEqual({ open: true, position: null, offer: null });
    expect(await shop.purchases.waitlist.status(product.key, 'C')).toEqual({ open: true, position: 1, offer: null });
    const panel = await shop.purchases.waitlist.panel(product.key, { offset: 0, limit: 50 });
    expect(panel.queue.map((w) => w.userId)).toEqual(['C']);
    // Newest first, as the panel shows it; read here in the order it happened.
    expect([...panel.history.items].reverse().map((h) => `${h.type}${h.reason ? `:${h.reason}` : ''}`)).toEqual([
      'SeatHeld', 'SeatTaken', 'WaitlistJoined', 'WaitlistJoined', 'SeatReleased:refund', 'SeatOffered', 'SeatHeld', 'SeatTaken', 'OfferEnded:accepted',
    ]);
  });

  it('given the offer declined by its mail link, then the next person gets the seat at once, and the link then answers gone', async () => {
    const paidA = await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    await shop.purchases.waitlist.join(product.key, 'C');
    await refund(paidA);
    const [mail] = await offerMails();
    const token = decodeURIComponent(/\/oferta\/(\S+)/.exec(mail!.text)![1]!);
    expect(await shop.purchases.waitlist.offerByToken(token)).toMatchObject({ productKey: 'training', offerId: '1' });
    expect(await refusal(shop.purchases.waitlist.declineByToken(`${token.slice(0, -2)}xx`))).toBe('waitlist-offer-gone');
    await shop.purchases.waitlist.declineByToken(token);
    expect(await shop.purchases.waitlist.status(product.key, 'B')).toEqual({ open: true, position: null, offer: null });
    expect((await shop.purchases.waitlist.status(product.key, 'C')).offer?.offerId).toBe('2');
    expect(await refusal(shop.purchases.waitlist.declineByToken(token))).toBe('waitlist-offer-gone');
    expect(await shop.purchases.waitlist.offerByToken(token)).toBeNull();
    expect(await offerMails()).toHaveLength(2);
  });

  it('given an offer not taken up in 24 hours, when its expiry row runs, then it ends and the next person is offered the seat', async () => {
    const paidA = await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    await shop.purchases.waitlist.join(product.key, 'C');
    await refund(paidA);
    shop.now = START + DAY;
    await shop.purchases.outboxHandlers['seat-expiry']!({ productKey: product.key });
    expect(await shop.purchases.waitlist.status(product.key, 'B')).toEqual({ open: true, position: null, offer: null });
    expect(await shop.purchases.waitlist.status(product.key, 'C')).toMatchObject({ position: 1, offer: { offerId: '2' } });
  });

  it('closes the list at the first session: joining is refused and the timed close records it', async () => {
    await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    const close = (await rows('waitlist-close'))[0]!;
    expect(close.not_before?.toISOString()).toBe(product.liveAt.toISOString());
    shop.now = product.liveAt.getTime();
    await shop.purchases.outboxHandlers['waitlist-close']!(payloadOf(close));
    expect(await refusal(shop.purchases.waitlist.join(product.key, 'C'))).toBe('waitlist-closed');
    expect((await shop.purchases.waitlist.panel(product.key, { offset: 0, limit: 50 })).closed).toBe(true);
  });

  it('refuses what makes no sense: joining with a seat free, twice, leaving when not on it', async () => {
    expect(await refusal(shop.purchases.waitlist.join(product.key, 'B'))).toBe('waitlist-seats-free');
    await buy('A');
    await shop.purchases.waitlist.join(product.key, 'B');
    expect(await refusal(shop.purchases.waitlist.join(product.key, 'B'))).toBe('waitlist-already');
    await shop.purchases.waitlist.leave(product.key, 'B');
    expect(await refusal(shop.purchases.waitlist.leave(product.key, 'B'))).toBe('waitlist-not-on');
    expect(await refusal(shop.purchases.waitlist.join('nothing', 'B'))).toBe('product-not-found');
  });
});
