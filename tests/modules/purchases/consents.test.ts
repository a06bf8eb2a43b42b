import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consentTexts, type ProductForSale } from '../../../modules/purchases/index.ts';
import { purchaseDecider, type PurchaseCommand } from '../../../modules/purchases/purchase.ts';
import { consentsGiven } from '../../../modules/purchases/consents.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

const NOW = '2026-11-01T09:00:00.000Z';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the consent wording', () => {
  it('exists in both languages under the same versioned keys', () => {
    expect(Object.keys(consentTexts.en).sort()).toEqual(Object.keys(consentTexts.pl).sort());
    for (const key of Object.keys(consentTexts.pl)) expect(key).toMatch(/^consent\.\w+\.v\d+$/);
  });
});

describe('a checkout decides the consents again', () => {
  const { given } = deciderSpec(purchaseDecider);
  const checkout = { purchaseId: 'p1', userId: 'u1', productKey: 'k1', priceId: 'pln', currency: 'PLN' as const, amountMinor: 29_900,
    provider: 'dev' as const, providerSessionId: 'dev_p1', startedAt: NOW };
  // Live in four days, with a recording: both consents are needed.
  const sale = { liveAt: '2026-11-05T17:00:00.000Z', liveEndsAt: '2026-11-05T20:00:00.000Z', recordingAvailable: true, priceIds: ['pln'], published: true };
  const start = (kinds: ('earlyStart' | 'recordingEarly')[], more: Partial<typeof sale> = {}): PurchaseCommand =>
    ({ type: 'StartCheckout', checkout, sale: { ...sale, ...more }, ownedThrough: null, consents: consentsGiven('p1', kinds, 'pl', NOW) });

  it('records each consent beside the checkout', () => given([]).when(start(['earlyStart', 'recordingEarly'])).then([
    { type: 'CheckoutStarted', data: checkout },
    ...consentsGiven('p1', ['earlyStart', 'recordingEarly'], 'pl', NOW).map((data) => ({ type: 'ConsentGiven' as const, data })),
  ]));
  it('refuses a checkout without a consent the product needs', () => given([]).when(start(['recordingEarly'])).thenThrows('consent-missing'));
  it('refuses a consent the product does not need', () =>
    given([]).when(start(['earlyStart', 'recordingEarly'], { recordingAvailable: false })).thenThrows('consent-not-needed'));
  it('needs none for an event past the period without a recording', () =>
    given([]).when(start([], { liveAt: '2026-12-20T17:00:00.000Z', liveEndsAt: '2026-12-20T20:00:00.000Z', recordingAvailable: false }))
      .then([{ type: 'CheckoutStarted', data: checkout }]));
});

const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date('2026-11-05T17:00:00.000Z'), durationMinutes: 180,
  published: true, recordingAvailable: true, recordingLink: 'media:recordings/grief.webm', liveLink: 'https://meet.example/grief',
  prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }, { currency: 'EUR', amountMinor: 4900, priceId: 'eur' }],
};

describe.each(backends)('consents at checkout on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let setup: ReturnType<typeof purchasesOn>;
  beforeEach(async () => {
    handle = await openMigrated(backend);
    setup = purchasesOn(handle, product, { clock: fixedClock(NOW) });
  });
  afterEach(async () => handle?.close());
  const start = (consents: string[] | undefined, locale: 'pl' | 'en' = 'pl', userId = 'u1') =>
    setup.purchases.startCheckout({ userId, email: 'buyer@example.com', productKey: product.key, priceId: locale === 'pl' ? 'pln' : 'eur', locale, consents });
  const consentEvents = async (purchaseId: string) => (await setup.store.readStream(`purchase-${purchaseId}`))
    .filter((e) => e.type === 'ConsentGiven').map((e) => e.data);

  it('offers the buy panel the consents needed now, worded in the reader\'s language', async () => {
    expect(await setup.purchases.consentsToShow(product.key, 'en')).toEqual([
      { kind: 'earlyStart', version: 'v1', text: consentTexts.en['consent.earlyStart.v1'] },
      { kind: 'recordingEarly', version: 'v1', text: consentTexts.en['consent.recordingEarly.v1'] },
    ]);
  });

  it('refuses a checkout without the needed consents, or with one not needed, before anything is recorded', async () => {
    expect(await refusal(start(undefined))).toBe('consent-missing');
    expect(await refusal(start(['earlyStart']))).toBe('consent-missing');
    expect(await refusal(start(['earlyStart', 'recordingEarly', 'newsletter']))).toBe('consent-not-needed');
    const rows = await handle.db.selectFrom('events').select('type').where('stream_id', 'like', 'purchase-%').execute();
    expect(rows).toEqual([]);
  });

  it('records each consent on the purchase with the exact text shown, its language, version, hash, legal basis and instant', async () => {
    const { purchaseId } = await start(['recordingEarly', 'earlyStart'], 'en');
    const text = consentTexts.en['consent.earlyStart.v1'];
    expect(await consentEvents(purchaseId)).toEqual([
      { purchaseId, kind: 'earlyStart', text, lang: 'en', version: 'v1', hash: sha256(text), at: NOW,
        legalBasis: expect.stringContaining('Art. 38 ust. 1 pkt 1 ') },
      { purchaseId, kind: 'recordingEarly', text: consentTexts.en['consent.recordingEarly.v1'], lang: 'en', version: 'v1',
        hash: sha256(consentTexts.en['consent.recordingEarly.v1']), at: NOW, legalBasis: expect.stringContaining('Art. 38 ust. 1 pkt 13 ustawy o prawach konsumenta') },
    ]);
  });

  it('never rewrites what a buyer agreed to when the wording changes later, even through a rebuild', async () => {
    const { purchaseId } = await start(['earlyStart', 'recordingEarly']);
    const texts = consentTexts.pl as Record<string, string>;
    const original = texts['consent.earlyStart.v1']!;
    texts['consent.earlyStart.v1'] = 'Nowe brzmienie zgody.';
    try {
      await setup.store.rebuildProjections();
      const [early] = await consentEvents(purchaseId);
      expect(early).toMatchObject({ text: original, hash: sha256(original), version: 'v1', lang: 'pl' });
      // A later buyer reads (and records) today's wording.
      const later = await start(['earlyStart', 'recordingEarly'], 'pl', 'u2');
      expect((await consentEvents(later.purchaseId))[0]).toMatchObject({ text: 'Nowe brzmienie zgody.', hash: sha256('Nowe brzmienie zgody.') });
    } finally {
      texts['consent.earlyStart.v1'] = original;
    }
  });
});
