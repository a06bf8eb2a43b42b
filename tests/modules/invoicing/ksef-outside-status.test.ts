import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { outsideStatuses, type OutsideStatus } from '../../../modules/shared/outside/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { company, institute, invoicingApp } from '../../support/invoicing-app.ts';
import { startKsefStandIn, type KsefStandIn } from '../../support/ksef-standin.ts';
import { freePort } from '../../support/server.ts';

const QR = 'https://qr-test.ksef.mf.gov.pl';
const TOKEN = `20261126-EC-1A2B3C4D5E-6F7A8B9C0D-AB|nip-${institute.nip}|${'ab'.repeat(32)}`;

/** Each submission to KSeF leaves its outcome for the admin's system page (issue 35, modules/shared/outside). */
describe('KSeF\'s last success and failure', () => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: KsefStandIn;
  beforeEach(async () => {
    handle = await openMigrated(backends[0]!);
    stand = await startKsefStandIn({ [TOKEN]: institute.nip });
  });
  afterEach(async () => { await stand?.close(); await handle?.close(); });

  const sell = async (ksefUrl: string) => {
    const clock = fixedClock('2026-11-26T10:00:00.000Z');
    const app = await invoicingApp(handle, { clock, wait: clock.wait, env: { KSEF_URL: ksefUrl, KSEF_TOKEN: TOKEN, KSEF_QR_URL: QR } });
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    await app.buy(userId, 'ania@example.com', { invoice: company, drain: false });
    // A failed submission waits an hour for its retry: the drain ends instead of retrying at once.
    await app.drain({ backoffMs: 3_600_000 });
  };
  const ksef = async (until: (s: OutsideStatus) => boolean) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = (await outsideStatuses(handle.db)).find((s) => s.system === 'ksef')!;
      if (until(found) || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('given KSeF accepting the invoice, when it is submitted, then KSeF\'s last success is recorded and no failure', async () => {
    await sell(stand.url);
    expect(stand.received).toHaveLength(1);
    expect(await ksef((s) => s.lastSuccessAt !== null)).toMatchObject({ lastSuccessAt: expect.any(Date), lastFailureAt: null });
  });

  it('given KSeF unreachable, when the invoice is submitted, then its last failure is recorded as a code: the invoice waits for a retry', async () => {
    await sell(`http://127.0.0.1:${await freePort()}/v2`);
    expect(await ksef((s) => s.lastFailureAt !== null)).toMatchObject({ lastSuccessAt: null, lastFailure: 'KsefUnavailable unreachable' });
  });
});
