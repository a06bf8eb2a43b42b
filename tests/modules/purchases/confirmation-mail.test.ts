import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../../modules/mailing/index.ts';
import { consentTexts, withdrawalFormTexts, withdrawalTokens, type ProductForSale } from '../../../modules/purchases/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { purchasesOn, refusal } from './fixture.ts';

const NOW = '2026-11-01T09:00:00.000Z';
const product: ProductForSale = {
  key: 'grief-seminar', title: { pl: 'Seminarium o żałobie', en: 'Grief seminar' }, liveAt: new Date('2026-11-05T17:00:00.000Z'), durationMinutes: 180,
  published: true, recordingAvailable: true, recordingLink: 'media:recordings/grief.webm', liveLink: 'https://meet.example/grief',
  prices: [{ currency: 'PLN', amountMinor: 19900, priceId: 'pln' }, { currency: 'EUR', amountMinor: 4900, priceId: 'eur' }],
};

describe('the model withdrawal form', () => {
  it('has every line in both languages', () => expect(withdrawalFormTexts.en).toHaveLength(withdrawalFormTexts.pl.length));
});

describe('the withdrawal link\'s token', () => {
  const tokens = withdrawalTokens('x'.repeat(32));
  it('names its purchase, and nothing when forged, altered or made with another secret', () => {
    const token = tokens.tokenFor('p-1');
    expect(tokens.purchaseOf(token)).toBe('p-1');
    expect(tokens.purchaseOf(token.replace('p-1', 'p-2'))).toBeNull();
    expect(tokens.purchaseOf(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(tokens.purchaseOf(withdrawalTokens('y'.repeat(32)).tokenFor('p-1'))).toBeNull();
    expect(tokens.purchaseOf('p-1')).toBeNull();
  });
});

describe.each(backends)('the purchase confirmation, the durable medium, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let purchases: ReturnType<typeof purchasesOn>['purchases'];
  const buyer = { email: 'ewa@example.com', name: 'Ewa Nowak', language: 'pl' as 'pl' | 'en' };
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  /** Buys through the dev checkout with both consents, read in `locale`; answers the confirmation mail as queued. */
  async function buy(locale: 'pl' | 'en', beforePaying = () => {}): Promise<{ purchaseId: string; mail: Mail }> {
    ({ purchases } = purchasesOn(handle, product, { clock: fixedClock(NOW), buyer }));
    const { purchaseId } = await purchases.startCheckout({ userId: 'u1', email: buyer.email, productKey: product.key, priceId: 'pln', locale,
      consents: ['earlyStart', 'recordingEarly'] });
    beforePaying();
    expect(await purchases.payDevCheckout(purchaseId, 'u1')).toBe('recorded');
    const row = await handle.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `mail:purchase-confirmation:${purchaseId}`).executeTakeFirstOrThrow();
    return { purchaseId, mail: row.payload as Mail };
  }

  it('states what was bought and for how much, the consents word for word, the terms, the last day, the signed link and the model form', async () => {
    const { purchaseId, mail } = await buy('pl');
    expect(mail.subject).toBe('Potwierdzenie zakupu: Seminarium o żałobie');
    expect(mail.text).toMatch(/Kwota: 199\szł/);
    expect(mail.text).toContain(`Numer zakupu: ${purchaseId}`);
    expect(mail.text).toContain(`„${consentTexts.pl['consent.earlyStart.v1']}” (v1)`);
    expect(mail.text).toContain(`„${consentTexts.pl['consent.recordingEarly.v1']}” (v1)`);
    // Bought on 1 November (Warsaw): the period's last day is 15 November.
    expect(mail.text).toContain('Możesz odstąpić od umowy bez podania przyczyny do 15 listopada 2026 włącznie (czas polski).');
    const link = /Odstąp od umowy tutaj: (http:\/\/shop\.test\/odstapienie\/(\S+))/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(purchases.verifyWithdrawalToken(decodeURIComponent(link![2]!))).toBe(purchaseId);
    expect(purchases.withdrawalLink(purchaseId)).toBe(link![1]);
    expect(mail.html).toContain(`<a href="${link![1]}">`);
    for (const line of withdrawalFormTexts.pl.slice(3)) expect(mail.text).toContain(line);
    expect(mail.text).toContain('– Adresat: Gestalt Online, http://shop.test/kontakt');
    expect(mail.text).toContain('regulaminowi w wersji test-1');
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['regulamin-test-1.txt']);
    expect(mail.calendar?.filename).toBe('wydarzenie.ics');
    expect(mail.attachments?.[0]?.content).toContain('Terms in pl.');
  });

  it('writes to an English buyer in English, quoting the consents in the language they were given in', async () => {
    buyer.language = 'en';
    try {
      const { mail } = await buy('pl');
      expect(mail.text).toContain('until the end of 15 November 2026 (Polish time)');
      expect(mail.text).toContain(`„${consentTexts.pl['consent.recordingEarly.v1']}”`);
      expect(mail.text).toContain('Withdraw from contract here: http://shop.test/odstapienie/');
      expect(mail.text).toContain(withdrawalFormTexts.en[0]);
      expect(mail.attachments?.map((a) => a.filename)).toEqual(['terms-test-1.txt']);
      expect(mail.calendar?.filename).toBe('event.ics');
    } finally {
      buyer.language = 'pl';
    }
  });

  it('quotes what the buyer agreed to, not the catalogue\'s wording changed between checkout and payment', async () => {
    const texts = consentTexts.pl as Record<string, string>;
    const original = texts['consent.recordingEarly.v1']!;
    try {
      const { mail } = await buy('pl', () => { texts['consent.recordingEarly.v1'] = 'Zmienione brzmienie.'; });
      expect(mail.text).toContain(`„${original}”`);
      expect(mail.text).not.toContain('Zmienione brzmienie.');
    } finally {
      texts['consent.recordingEarly.v1'] = original;
    }
  });

  it('sends nothing for a refused checkout', async () => {
    ({ purchases } = purchasesOn(handle, product, { clock: fixedClock(NOW), buyer }));
    expect(await refusal(purchases.startCheckout({ userId: 'u1', email: buyer.email, productKey: product.key, priceId: 'pln', locale: 'pl' }))).toBe('consent-missing');
    expect(await handle.db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });
});
