import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../../modules/mailing/index.ts';
import { MEETING_TOPICS } from '../../../modules/meetings/index.ts';
import type { ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { joinLinkOf, purchasesOn } from './fixture.ts';

const NOW = '2026-11-01T09:00:00.000Z';
const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date('2026-11-05T17:00:00.000Z'), durationMinutes: 180,
  sessions: [{ id: 's1', start: new Date('2026-11-05T17:00:00.000Z'), end: new Date('2026-11-05T20:00:00.000Z') }],
  published: true, recordingLink: null, liveLink: 'https://meet.example/grief', prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }],
};

/** Issue 24: a paid purchase's mail carries the personal join link, never the meeting's URL, and its reminders get planned. */
describe.each(backends)('the join link in a purchase\'s mail on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  async function buy(forSale: ProductForSale, language: 'pl' | 'en' = 'pl', consents: ('earlyStart')[] = ['earlyStart']) {
    const { purchases } = purchasesOn(handle, forSale, { clock: fixedClock(NOW), buyer: { email: 'ewa@example.com', name: 'Ewa Nowak', language } });
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: 'ewa@example.com', productKey: forSale.key, priceId: 'pln', locale: language, consents });
    expect(await purchases.payDevCheckout(purchaseId, 'u1')).toBe('recorded');
    const rows = await handle.db.selectFrom('outbox').select(['topic', 'dedupe_key', 'payload']).execute();
    const mail = rows.find((r) => r.dedupe_key === `mail:purchase-confirmation:${purchaseId}`)!.payload as Mail;
    return { purchaseId, rows, mail, purchases };
  }

  it('tells meetings where a purchase stands: active while it gives access, ended once fully refunded, unknown otherwise', async () => {
    const { purchaseId, purchases } = await buy(product);
    expect(await purchases.purchaseStanding(purchaseId)).toEqual({ purchaseId, userId: 'u1', productKey: product.key, standing: 'active' });
    expect(await purchases.purchaseStanding('nobody')).toBeNull();
    expect(await purchases.requestRefund({ purchaseId, amountMinor: 19_900, reason: 'odwołane', requestedBy: { kind: 'admin', userId: 'admin-1' }, revokeAccess: false }))
      .toMatchObject({ status: 'completed', accessEnded: true });
    expect((await purchases.purchaseStanding(purchaseId))?.standing).toBe('ended');
  });

  it('gives the buyer their personal join link in the confirmation, in their language, and queues the planning of their reminders', async () => {
    const { purchaseId, rows, mail } = await buy(product);
    expect(mail.text).toContain(`Dołącz do spotkania na żywo przez swój osobisty link (nie przekazuj go innym): ${joinLinkOf(purchaseId)}`);
    expect(mail.html).toContain(`<a href="${joinLinkOf(purchaseId)}">`);
    expect(JSON.stringify(rows.map((r) => r.payload))).not.toContain('meet.example');
    expect(rows.filter((r) => r.topic === MEETING_TOPICS.schedule).map((r) => [r.dedupe_key, r.payload])).toEqual([[`meeting-schedule:${purchaseId}`, { purchaseId }]]);
    const en = await buy({ ...product, key: 'other' }, 'en');
    expect(en.mail.text).toContain(`Join the live meeting through your personal link (please do not pass it on): ${joinLinkOf(en.purchaseId)}`);
  });

  it('leaves the join link out when the product has no live meeting or its last session is over', async () => {
    expect((await buy({ ...product, liveLink: null })).mail.text).not.toContain('/dolacz/');
    const past = new Date('2026-10-20T17:00:00.000Z');
    const over = await buy({ ...product, key: 'past', liveAt: past, sessions: [{ id: 's1', start: past, end: new Date(past.getTime() + 3 * 3600_000) }] }, 'pl', []);
    expect(over.mail.text).not.toContain('/dolacz/');
    expect(over.mail.text).not.toContain('meet.example');
  });
});
