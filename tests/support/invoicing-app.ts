import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import type { SellerSettings } from '../../modules/invoicing/index.ts';
import { MAIL_TOPIC, type Mail } from '../../modules/mailing/index.ts';
import { parseEnv } from '../../modules/shared/config/index.ts';
import type { DatabaseHandle } from '../../modules/shared/db/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import type { Clock, Wait } from '../../modules/shared/kernel/index.ts';
import { createOutboxWorker } from '../../modules/shared/outbox/index.ts';
import { wireModules, type WireOptions } from '../../src/server/modules.ts';
import { linkIn, outboxMails } from './accounts-module.ts';

/**
 * In-process wiring adopts no demo recording (no MEDIA_DIR files: no ffprobe, no copies into the working
 * directory's DATA_DIR) and transcodes nothing.
 */
export const NO_RECORDINGS = { MEDIA_DIR: join(tmpdir(), 'gestalt-tests-no-media'), TRANSCODE_WORKERS: '0' };

/** The seller of the tests: Polish letters in every field, a valid NIP. */
export const institute: SellerSettings = {
  name: 'Instytut Gestalt – Żółć Gęślą Jaźń sp. z o.o.', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' },
  nip: '1234563218', bankAccount: '', series: { invoice: 'FV', correction: 'KOR' }, placeOfIssue: 'Warszawa', defaultVat: { kind: 'rate', rate: 23 },
};

/** A company buyer with a NIP (valid checksum), and a consumer without one. */
export const company = { name: 'Gabinet Psychoterapii Źdźbło Łąka', nip: '1111111111', address: { street: 'ul. Ćmielowska 5', postalCode: '31-001', city: 'Kraków', country: 'PL' } };
export const consumer = { name: 'Ewa Śliwińska', nip: null, address: { street: 'ul. Ogrodowa 1', postalCode: '80-001', city: 'Gdańsk', country: 'PL' } };

/**
 * The whole server's modules on `handle` (as src/server/modules.ts wires them, demo catalogue seeded), one instance:
 * call again on another handle of the same PostgreSQL for a second. `drain()` runs the outbox once, as the worker does.
 */
export async function invoicingApp(handle: DatabaseHandle, opts: { clock?: Clock; wait?: Wait; env?: Record<string, string>; seed?: boolean; attendance?: WireOptions['attendance'] } = {}) {
  const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test', ...NO_RECORDINGS, ...opts.env }), JWT_SECRET: 'k'.repeat(40) };
  const store = createEventStore(handle.db);
  const wired = wireModules({ config, log: pino({ level: 'silent' }), db: handle.db, store, ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.wait ? { wait: opts.wait } : {}) }, opts.attendance ? { attendance: opts.attendance } : {});
  if (opts.seed !== false) await wired.seed();
  const { services } = wired;
  let registrations = 0;
  /** Runs the outbox once; a failed message is tried again in the same run unless `backoffMs` holds it back. */
  // Topics of a lane without workers here (transcodes, TRANSCODE_WORKERS=0) are left, as the runtime leaves them.
  const paused = wired.outboxLanes.filter((lane) => lane.concurrency === 0).flatMap((lane) => lane.topics);
  const drain = (options: { backoffMs?: number } = {}) => createOutboxWorker(handle.db, { handlers: wired.outboxHandlers, exceptTopics: paused, backoffMs: () => options.backoffMs ?? 0 }).drainOnce();
  return {
    ...services,
    wired,
    drain,
    /** A verified buyer (Polish account), registered from its own client address (sign-ups are limited per address). */
    async buyer(email: string) {
      registrations += 1;
      await services.accounts.register({ name: 'Anna Kowalska', email, phone: '+48 600 100 200', password: 'pierwsze' }, { ip: `10.1.${registrations >> 8}.${registrations & 255}`, language: 'pl' });
      const mail = (await outboxMails(handle)).findLast((m) => m.to === email)!;
      await services.accounts.verifyEmail(linkIn(mail, 'verify-email'));
      return (await services.accounts.userIdByEmail(email))!;
    },
    /** Checkout and payment on the dev checkout, with or without an invoice request; the outbox run after. */
    async buy(userId: string, email: string, options: { key?: string; currency?: 'PLN' | 'EUR' | 'USD'; invoice?: typeof company | typeof consumer; drain?: boolean } = {}) {
      const key = options.key ?? DEMO_KEYS.shame;
      const consents = (await services.purchases.consentsToShow(key, 'pl')).map((c) => c.kind);
      const product = (await services.catalogue.adminProducts()).find((p) => p.key === key)!;
      const priceId = product.price.find((p) => p.name === (options.currency ?? 'PLN'))!.api;
      const { purchaseId } = await services.purchases.startCheckout({
        userId, email, productKey: key, priceId, locale: 'pl', consents,
        ...(options.invoice ? { invoice: { buyer: options.invoice } } : {}),
      });
      await services.purchases.payDevCheckout(purchaseId, userId);
      if (options.drain !== false) await drain();
      return purchaseId;
    },
    /** Mail written to the outbox for `to`, oldest first. */
    mailsTo: async (to: string): Promise<Mail[]> => (await outboxMails(handle)).filter((m) => m.to === to),
  };
}

export const MAIL = MAIL_TOPIC;
