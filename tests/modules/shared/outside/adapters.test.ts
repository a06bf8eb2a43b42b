import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailing, type Mail } from '../../../../modules/mailing/index.ts';
import type { ProductForSale } from '../../../../modules/purchases/index.ts';
import { s3Storage } from '../../../../modules/recordings/index.ts';
import { parseEnv } from '../../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../../modules/shared/events/index.ts';
import { outsideCalls, outsideStatuses, type OutsideStatus, type OutsideSystem } from '../../../../modules/shared/outside/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';
import { purchasesOn } from '../../purchases/fixture.ts';
import { startS3, S3RVER_KEYS } from '../../../support/s3.ts';
import { freePort } from '../../../support/server.ts';
import { startSmtp } from '../../../support/smtp.ts';
import { startStripeStandIn } from '../../../support/stripe-stand-in.ts';

const mail: Mail = { to: 'anna@example.com', subject: 'Temat', text: 'Treść', html: '<p>Treść</p>' };
const product: ProductForSale = {
  key: 'seminar', title: { pl: 'Seminarium', en: 'Seminar' }, liveAt: new Date(Date.now() + 10 * 86_400_000), durationMinutes: 90, published: true,
  recordingLink: null, liveLink: 'https://meet.example/live', prices: [{ currency: 'PLN', amountMinor: 29_900, priceId: 'price_pln' }],
};

/** Where the adapters are called, each call to SMTP, Stripe and S3 leaves its outcome for the system page (issue 35). */
describe('outside systems\' outcomes recorded where they are called', () => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let closed: string;
  beforeAll(async () => { closed = `127.0.0.1:${await freePort()}`; });
  beforeEach(async () => { handle = await openMigrated(backends[0]!); });
  afterEach(async () => handle?.close());

  /** The outcome lands a moment after the call (the write is not awaited by it). */
  async function statusOf(system: OutsideSystem, until: (s: OutsideStatus) => boolean): Promise<OutsideStatus> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = (await outsideStatuses(handle.db)).find((s) => s.system === system)!;
      if (until(found) || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const mailing = (smtpUrl: string) => createMailing({
    config: { ...parseEnv({ SMTP_URL: smtpUrl }), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db),
  });

  describe('SMTP', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => { smtp = await startSmtp(); });
    afterAll(async () => smtp?.close());

    it('given a relay that takes the message, when mail is sent, then SMTP\'s last success is now', async () => {
      await mailing(smtp.url).send(mail, '<m1@shop.test>');
      expect((await statusOf('smtp', (s) => s.lastSuccessAt !== null)).lastSuccessAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    });

    it('given a relay that cannot be reached, when mail is sent, then the send fails and SMTP\'s last failure is a code without the address', async () => {
      await expect(mailing(`smtp://${closed}`).send(mail, '<m2@shop.test>')).rejects.toThrow();
      const status = await statusOf('smtp', (s) => s.lastFailureAt !== null);
      expect(status).toMatchObject({ lastSuccessAt: null, lastFailure: expect.stringMatching(/^E[A-Z]+/) });
      expect(status.lastFailure).not.toContain('anna');
    });
  });

  describe('Stripe', () => {
    let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
    beforeAll(async () => { stand = await startStripeStandIn({ price_pln: { amount: 29900, currency: 'pln' } }); });
    afterAll(async () => stand?.close());
    const checkout = (apiUrl: string) => purchasesOn(handle, product, { env: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: apiUrl } })
      .purchases.startCheckout({ userId: 'u1', email: 'buyer@example.com', productKey: product.key, priceId: 'price_pln', locale: 'pl', consents: ['earlyStart'] });

    it('given Stripe answering, when a checkout starts, then Stripe\'s last success is now', async () => {
      await checkout(stand.url);
      expect((await statusOf('stripe', (s) => s.lastSuccessAt !== null)).lastFailureAt).toBeNull();
    });

    it('given Stripe unreachable, when a checkout starts, then it is refused and Stripe\'s last failure is recorded', async () => {
      await expect(checkout(`http://${closed}`)).rejects.toThrow();
      expect(await statusOf('stripe', (s) => s.lastFailureAt !== null)).toMatchObject({ lastSuccessAt: null, lastFailure: expect.any(String) });
    });
  });

  describe('S3', () => {
    let s3: Awaited<ReturnType<typeof startS3>>;
    beforeAll(async () => { s3 = await startS3(); });
    afterAll(async () => s3?.stop());
    const storage = (endpoint: string) => s3Storage({ endpoint, bucket: s3.bucket, region: 'us-east-1', ...S3RVER_KEYS },
      { outside: outsideCalls(handle.db, {}) });

    it('given the store answering, when a file is written and a missing one read, then S3 works: a success, no failure', async () => {
      const store = storage(s3.endpoint);
      await store.putText('probe/a.txt', 'x', 'text/plain');
      expect(await store.readText('probe/none.txt')).toBeNull();
      expect(await statusOf('s3', (s) => s.lastSuccessAt !== null)).toMatchObject({ lastFailureAt: null });
    });

    it('given the store unreachable, when a file is read, then S3\'s last failure is recorded', async () => {
      await expect(storage(`http://${closed}`).readText('probe/a.txt')).rejects.toThrow();
      expect(await statusOf('s3', (s) => s.lastFailureAt !== null)).toMatchObject({ lastSuccessAt: null, lastFailure: expect.any(String) });
    });
  });
});
