import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAudit } from '../../../modules/audit/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore, type NewEvent } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const ADMIN = 'u-admin';
const BUYER = 'u-buyer';
const GONE = 'u-gone';

describe.each(backends)('the audit trail on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const setup = () => {
    const store = createEventStore(handle.db);
    const ctx = { config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store };
    // Accounts know the admin's and the buyer's names; the erased user has none any more.
    const audit = createAudit(ctx, {
      userNames: async (ids) => new Map(ids.flatMap((id) => (id === ADMIN ? [[id, 'Anna Admin']] : id === BUYER ? [[id, 'Ewa Kupująca']] : [])) as [string, string][]),
      productTitles: async () => new Map([['trauma', { pl: 'Trauma', en: 'Trauma (EN)' }]]),
    });
    const given = (stream: string, actor: string | null, ...events: NewEvent[]) => store.append(stream, 'any', events, { metadata: { actor } });
    return { audit, given };
  };
  const registered = (userId: string): NewEvent => ({ type: 'UserRegistered', data: { userId, language: 'pl', registeredAt: '2026-01-01T00:00:00Z' } });
  const paid = (userId: string, amount = 120): NewEvent => ({
    type: 'PurchaseCompleted',
    data: { purchaseId: `p-${userId}`, userId, productKey: 'trauma', currency: 'PLN', amount, provider: 'dev', providerSessionId: 's', paymentIntentId: null, paidAt: '2026-01-02T00:00:00Z', accessUntil: '2027-01-01T00:00:00Z' },
  });

  it('lists each kind of consequential event newest first, with its actor, its subject and the total', async () => {
    const { audit, given } = setup();
    for (const id of [ADMIN, BUYER, GONE]) await given(`user-${id}`, null, registered(id));
    await given('purchase-1', null, paid(BUYER));
    await given('purchase-2', GONE, paid(GONE, 90));
    await given('user-u-gone', ADMIN, { type: 'UserDeleted', data: { userId: GONE, deletedAt: '2026-01-03T00:00:00Z' } });
    await given('purchase-3', BUYER, { type: 'DuplicatePaymentReceived', data: { purchaseId: 'p3', userId: BUYER, productKey: 'trauma', currency: 'EUR', amount: 30, provider: 'dev', providerSessionId: 's3', paymentIntentId: null, paidAt: '2026-01-03T00:00:00Z', ownedThrough: 'p1' } });
    await given('purchase-3', 'refund-retry', { type: 'DuplicatePaymentRefunded', data: { purchaseId: 'p3', amount: 30, currency: 'EUR', provider: 'dev', providerRefundId: 'r', refundedAt: '2026-01-03T00:00:00Z' } });
    await given('article-a-1', ADMIN, { type: 'ArticlePublished', data: { article: { key: 'a-1', title: 'O kontakcie', description: 'd', link: 'https://example.org' } } });
    await given('article-a-1', ADMIN, { type: 'ArticleRemoved', data: { key: 'a-1' } });
    await given('product-trauma', ADMIN, { type: 'ProductRevised', data: { key: 'trauma', changes: { price: [] , title: 'Trauma' } } });
    await given('product-trauma', ADMIN, { type: 'ProductUnpublished', data: { key: 'trauma' } });
    await given('campaign-c1', ADMIN, { type: 'CampaignStarted', data: { campaignId: 'c1', subject: 'Zaproszenie', body: 'b', target: 'all', recipientCount: 12, startedAt: '2026-01-03T00:00:00Z' } });
    await given('campaign-c2', ADMIN, { type: 'CampaignStarted', data: { campaignId: 'c2' } });
    await given('contact-1', null, { type: 'ContactMessageReceived', data: { messageId: 'm', lang: 'pl', receivedAt: '2026-01-03T00:00:00Z' } });

    const trail = await audit.trail({});
    expect([trail.total, trail.page, trail.pageSize]).toEqual([11, 1, 50]);
    expect(trail.items.map((e) => [e.type, e.event, e.actor])).toEqual([
      ['campaign', 'CampaignStarted', { id: ADMIN, name: 'Anna Admin' }],
      ['campaign', 'CampaignStarted', { id: ADMIN, name: 'Anna Admin' }],
      ['catalogue', 'ProductUnpublished', { id: ADMIN, name: 'Anna Admin' }],
      ['catalogue', 'ProductRevised', { id: ADMIN, name: 'Anna Admin' }],
      ['article', 'ArticleRemoved', { id: ADMIN, name: 'Anna Admin' }],
      ['article', 'ArticlePublished', { id: ADMIN, name: 'Anna Admin' }],
      // A job is nobody: no actor.
      ['refund', 'DuplicatePaymentRefunded', null],
      ['purchase', 'DuplicatePaymentReceived', { id: BUYER, name: 'Ewa Kupująca' }],
      ['deletion', 'UserDeleted', { id: ADMIN, name: 'Anna Admin' }],
      // The erased buyer keeps their purchase, amount and date, by id only.
      ['purchase', 'PurchaseCompleted', { id: GONE, name: null }],
      // No actor recorded (the provider's webhook): the buyer did it. The contact message is not audited.
      ['purchase', 'PurchaseCompleted', { id: BUYER, name: 'Ewa Kupująca' }],
    ]);
    const byEvent = (i: number) => trail.items[i]!;
    expect(byEvent(0).subject).toEqual({ kind: 'campaign', campaignId: 'c2', subject: null, target: null, recipients: null });
    expect(byEvent(1).subject).toEqual({ kind: 'campaign', campaignId: 'c1', subject: 'Zaproszenie', target: 'all', recipients: 12 });
    expect(byEvent(3).subject).toEqual({ kind: 'productRevised', productKey: 'trauma', fields: ['price', 'title'] });
    expect(byEvent(3).productTitle).toEqual({ pl: 'Trauma', en: 'Trauma (EN)' });
    expect(byEvent(4).subject).toEqual({ kind: 'articleRemoved', key: 'a-1', title: 'O kontakcie' });
    expect(byEvent(6).subject).toEqual({ kind: 'refund', productKey: 'trauma', amount: 30, currency: 'EUR', buyer: BUYER });
    expect(byEvent(6).person).toEqual({ id: BUYER, name: 'Ewa Kupująca' });
    expect(byEvent(8).subject).toEqual({ kind: 'deletion', userId: GONE });
    expect(byEvent(9).subject).toEqual({ kind: 'purchase', productKey: 'trauma', amount: 90, currency: 'PLN', buyer: GONE });
    expect(byEvent(9).person).toEqual({ id: GONE, name: null });
    expect(trail.items.every((e, i, all) => i === 0 || all[i - 1]!.position > e.position)).toBe(true);
    expect(trail.items.every((e) => e.at instanceof Date)).toBe(true);
    // Each names its subject by a stable id, and carries the money it moved beside its sentence.
    expect(trail.items.map((e) => [e.ref, e.money])).toEqual([
      [{ kind: 'campaign', id: 'c2' }, null],
      [{ kind: 'campaign', id: 'c1' }, null],
      [{ kind: 'product', id: 'trauma' }, null],
      [{ kind: 'product', id: 'trauma' }, null],
      [{ kind: 'article', id: 'a-1' }, null],
      [{ kind: 'article', id: 'a-1' }, null],
      [{ kind: 'product', id: 'trauma' }, { amount: 30, currency: 'EUR' }],
      [{ kind: 'product', id: 'trauma' }, { amount: 30, currency: 'EUR' }],
      [{ kind: 'user', id: GONE }, null],
      [{ kind: 'product', id: 'trauma' }, { amount: 90, currency: 'PLN' }],
      [{ kind: 'product', id: 'trauma' }, { amount: 120, currency: 'PLN' }],
    ]);
  });

  it('finds every entry about one subject by its stable id, refunds included, and exports them all', async () => {
    const { audit, given } = setup();
    for (const id of [ADMIN, BUYER]) await given(`user-${id}`, null, registered(id));
    await given('product-trauma', 'seed', { type: 'ProductPublished', data: { product: { key: 'trauma', title: 'Trauma' }, secrets: {} } });
    await given('product-shame', 'seed', { type: 'ProductPublished', data: { product: { key: 'shame', title: 'Wstyd' }, secrets: {} } });
    await given('purchase-1', null, paid(BUYER));
    await given('purchase-2', BUYER, { type: 'DuplicatePaymentReceived', data: { purchaseId: 'p2', userId: BUYER, productKey: 'trauma', currency: 'PLN', amount: 120, provider: 'dev', providerSessionId: 's2', paymentIntentId: null, paidAt: '2026-01-03T00:00:00Z', ownedThrough: 'p1' } });
    await given('purchase-2', 'refund-retry', { type: 'DuplicatePaymentRefunded', data: { purchaseId: 'p2', amount: 120, currency: 'PLN', provider: 'dev', providerRefundId: 'r', refundedAt: '2026-01-03T00:00:00Z' } });
    // A rename changes the title, never the key.
    await given('product-trauma', ADMIN, { type: 'ProductRevised', data: { key: 'trauma', changes: { title: 'Trauma i ciało' } } });
    await given('product-shame', ADMIN, { type: 'ProductUnpublished', data: { key: 'shame' } });
    await given('article-trauma', ADMIN, { type: 'ArticlePublished', data: { article: { key: 'trauma-w-praktyce', title: 'Trauma', description: 'd', link: 'https://e.org' } } });
    await given('user-u-buyer', ADMIN, { type: 'UserDeleted', data: { userId: BUYER, deletedAt: '2026-01-04T00:00:00Z' } });

    const about = async (subject: string, type?: 'purchase' | 'refund') => (await audit.trail({ subject, ...(type ? { type } : {}) })).items.map((e) => e.event);
    expect(await about('trauma')).toEqual(['ProductRevised', 'DuplicatePaymentRefunded', 'DuplicatePaymentReceived', 'PurchaseCompleted', 'ProductPublished']);
    expect(await about('trauma', 'refund')).toEqual(['DuplicatePaymentRefunded']);
    expect(await about('shame')).toEqual(['ProductUnpublished', 'ProductPublished']);
    expect(await about('trauma-w-praktyce')).toEqual(['ArticlePublished']);
    expect(await about(BUYER)).toEqual(['UserDeleted']);
    expect(await about('nothing-by-this-id')).toEqual([]);
    const exported = await audit.export({ subject: 'trauma' });
    expect([exported.total, exported.items.length]).toEqual([5, 5]);
  });

  it('filters by kind and by inclusive UTC days', async () => {
    const { audit, given } = setup();
    await given(`user-${ADMIN}`, null, registered(ADMIN));
    const days = ['2026-03-01T23:59:59Z', '2026-03-02T00:00:00Z', '2026-03-03T12:00:00Z', '2026-03-04T00:00:00Z'];
    for (const [i, at] of days.entries()) {
      const { events } = await given(`article-k${i}`, ADMIN, { type: 'ArticlePublished', data: { article: { key: `k${i}`, title: `T${i}`, description: 'd', link: 'https://e.org' } } });
      await sql`update events set recorded_at = ${at} where position = ${events[0]!.position}`.execute(handle.db);
    }
    await given('purchase-x', null, paid(ADMIN));
    const titles = async (filter: Parameters<typeof audit.trail>[0]) =>
      (await audit.trail(filter)).items.map((e) => ('title' in e.subject ? e.subject.title : e.event));
    expect(await titles({ type: 'article', from: '2026-03-02', to: '2026-03-03' })).toEqual(['T2', 'T1']);
    expect(await titles({ type: 'article', from: '2026-03-02' })).toEqual(['T3', 'T2', 'T1']);
    expect(await titles({ type: 'article', to: '2026-03-01' })).toEqual(['T0']);
    expect(await titles({ type: 'purchase' })).toEqual(['PurchaseCompleted']);
    expect(await titles({ type: 'refund' })).toEqual([]);
    expect((await audit.trail({ from: '2026-03-02', to: '2026-03-02' })).total).toBe(1);
  });

  it('pages by 50', async () => {
    const { audit, given } = setup();
    await given('product-many', ADMIN, ...Array.from({ length: 55 }, (_, i): NewEvent => ({ type: 'ProductRevised', data: { key: 'many', changes: { groupSize: { min: 1, max: i + 1 } } } })));
    const first = await audit.trail({}, 1);
    const second = await audit.trail({}, 2);
    expect([first.total, first.items.length, second.total, second.items.length, second.page]).toEqual([55, 50, 55, 5, 2]);
    expect(first.items[0]!.position).toBeGreaterThan(second.items[0]!.position);
    expect(second.items.at(-1)!.productTitle).toBeNull();
    expect((await audit.trail({}, 3)).items).toEqual([]);
  });
});
