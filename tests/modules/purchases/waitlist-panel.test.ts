import { describe, expect, it, vi } from 'vitest';
import { backends } from '../../support/databases.ts';
import { oneSeatTraining, useShop } from './fixture.ts';

const product = oneSeatTraining();

/**
 * The panel's view of a waiting list pages its history, newest first, and looks up only the people on the list and
 * on the page asked for: a list with a long past costs no more to show than a short one.
 */
describe.each(backends)('the panel\'s waiting-list history, page by page, on $name', (backend) => {
  const shop = useShop(backend, product);

  /** A sold out product, six people who joined and left one after another, and G on the list: 15 steps. */
  async function longPast() {
    const started = await shop.purchases.startCheckout({ userId: 'A', email: 'A@example.com', productKey: product.key, priceId: 'pln', locale: 'pl' });
    await shop.purchases.payDevCheckout(started.purchaseId, 'A');
    for (const u of ['u1', 'u2', 'u3', 'u4', 'u5', 'u6']) {
      shop.now += 60_000;
      await shop.purchases.waitlist.join(product.key, u);
      await shop.purchases.waitlist.leave(product.key, u);
    }
    await shop.purchases.waitlist.join(product.key, 'G');
  }
  const steps = (items: { type: string; userId: string | null }[]) => items.map((h) => `${h.type}:${h.userId}`);

  it('given 15 steps, when the first page of 4 is asked, then it is the newest 4 with the total, and only their people and the list\'s are looked up', async () => {
    await longPast();
    const contacts = vi.spyOn(shop.ports, 'contacts');
    const panel = await shop.purchases.waitlist.panel(product.key, { offset: 0, limit: 4 });
    expect(panel.history.total).toBe(15);
    expect(steps(panel.history.items)).toEqual(['WaitlistJoined:G', 'WaitlistLeft:u6', 'WaitlistJoined:u6', 'WaitlistLeft:u5']);
    expect(panel.history.items[1]).toMatchObject({ reason: 'left', person: { name: 'Name u6', email: 'u6@example.com' } });
    expect(panel.queue).toEqual([expect.objectContaining({ position: 1, userId: 'G', person: expect.objectContaining({ name: 'Name G' }) })]);
    expect(contacts).toHaveBeenCalledTimes(1);
    expect([...contacts.mock.calls[0]![0]].sort()).toEqual(['G', 'u5', 'u6']);
  });

  it('given 15 steps, when the last page is asked, then it holds the oldest ones; past it, no steps and the same total', async () => {
    await longPast();
    const last = await shop.purchases.waitlist.panel(product.key, { offset: 12, limit: 4 });
    expect(steps(last.history.items)).toEqual(['WaitlistJoined:u1', 'SeatTaken:A', 'SeatHeld:A']);
    const past = await shop.purchases.waitlist.panel(product.key, { offset: 16, limit: 4 });
    expect(past.history).toEqual({ total: 15, items: [] });
    expect(past.queue.map((w) => w.userId)).toEqual(['G']);
  });

  it('given every page in turn, then together they are the whole history once, newest first', async () => {
    await longPast();
    const pages = await Promise.all([0, 4, 8, 12].map((offset) => shop.purchases.waitlist.panel(product.key, { offset, limit: 4 })));
    const all = pages.flatMap((p) => p.history.items);
    expect(all).toHaveLength(15);
    expect(all.map((h) => Date.parse(h.at))).toEqual(all.map((h) => Date.parse(h.at)).sort((a, b) => b - a));
    expect(all.at(-1)).toMatchObject({ type: 'SeatHeld', userId: 'A' });
  });
});
