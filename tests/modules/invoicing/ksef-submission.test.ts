import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ksefVerificationUrl } from '../../../modules/invoicing/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { refusal } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { company, consumer, institute, invoicingApp } from '../../support/invoicing-app.ts';
import { warsawDay } from '../../support/ksef-standin-documents.ts';
import { startKsefStandIn, type KsefStandIn } from '../../support/ksef-standin.ts';
import { qrCodesOf, textOf } from '../../support/pdf.ts';

const QR = 'https://qr-test.ksef.mf.gov.pl';
/** A KSeF token as KSeF issues them (reference|nip-…|secret), for the seller's NIP. */
const TOKEN = `20261126-EC-1A2B3C4D5E-6F7A8B9C0D-AB|nip-${institute.nip}|${'ab'.repeat(32)}`;
const pglite = backends.filter((b) => b.name === 'pglite');

describe.each(pglite)('invoices sent to KSeF through the outbox on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let stand: KsefStandIn;
  let app: Awaited<ReturnType<typeof invoicingApp>>;
  beforeEach(async () => {
    handle = await openMigrated(backend);
    stand = await startKsefStandIn({ [TOKEN]: institute.nip });
    // The app's fixed clock also serves the KSeF client's polls: its wait moves the clock instead of sleeping.
    const clock = fixedClock('2026-11-26T10:00:00.000Z');
    app = await invoicingApp(handle, { clock, wait: clock.wait, env: { KSEF_URL: stand.url, KSEF_TOKEN: TOKEN, KSEF_QR_URL: QR } });
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
  });
  afterEach(async () => {
    await stand?.close();
    await handle?.close();
  });

  const month = { month: '2026-11' };
  const only = async () => (await app.invoicing.adminInvoices(month))[0]!;

  it('given a NIP invoice, when the worker runs, then KSeF receives the XML as issued; its number and UPO are recorded; the PDF shows the number under a QR that leads to the XML', async () => {
    const userId = await app.buyer('ania@example.com');
    // The stand-in numbers by its own wall clock, as KSeF does (Warsaw's day), not the app's fixed one.
    const days = new Set([warsawDay(new Date())]);
    await app.buy(userId, 'ania@example.com', { invoice: company });
    await app.drain();
    days.add(warsawDay(new Date()));
    const invoice = await only();
    expect(invoice.ksef).toBe('accepted');
    const { xml } = await app.invoicing.invoiceXml(invoice.invoiceId, { userId: 'admin', admin: true });
    expect(stand.received.map((r) => r.xml)).toEqual([xml]);
    expect(invoice.ksefNumber).toBe(stand.received[0]!.ksefNumber);
    expect(invoice.ksefNumber).toMatch(new RegExp(`^${institute.nip}-(${[...days].join('|')})-[0-9A-F]{12}-[0-9A-F]{2}$`));
    const accepted = await handle.db.selectFrom('events').select('data').where('type', '=', 'KsefAccepted').executeTakeFirstOrThrow();
    expect((accepted.data as { upo: string }).upo).toBe(stand.received[0]!.upo);

    const { bytes } = await app.invoicing.invoicePdf(invoice.invoiceId, { userId, admin: false });
    const link = ksefVerificationUrl(QR, institute.nip, '2026-11-26', xml);
    expect(link).toBe(`${QR}/invoice/${institute.nip}/26-11-2026/${createHash('sha256').update(xml, 'utf8').digest('base64url')}`);
    expect(await qrCodesOf(bytes)).toEqual([link]);
    expect(await textOf(bytes)).toContain(invoice.ksefNumber!);
    // The same document renders to the same bytes.
    expect((await app.invoicing.invoicePdf(invoice.invoiceId, { userId, admin: true })).bytes.equals(bytes)).toBe(true);
  });

  it('given KSeF refuses a document, then the panel shows it rejected with the reason; the admin sends it again and it is accepted', async () => {
    const userId = await app.buyer('ania@example.com');
    stand.refuseNext(450, 'Błąd weryfikacji semantyki dokumentu faktury');
    await app.buy(userId, 'ania@example.com', { invoice: company });
    await app.drain();
    expect(await only()).toMatchObject({ ksef: 'rejected', ksefNumber: null, ksefError: expect.stringContaining('450') });
    expect((await app.invoicing.adminInvoices({ ...month, ksef: 'rejected' })).length).toBe(1);
    await app.invoicing.resubmitToKsef((await only()).invoiceId, 'admin-1');
    expect((await only()).ksef).toBe('queued');
    await app.drain();
    expect((await only()).ksef).toBe('accepted');
    expect(await refusal(app.invoicing.resubmitToKsef((await only()).invoiceId, 'admin-1'))).toBe('invoice-ksef-accepted');
  });

  it('given KSeF is down, then the submission stays queued and shows as failing with the error; it goes through when KSeF is back', async () => {
    const userId = await app.buyer('ania@example.com');
    stand.failNext(503);
    await app.buy(userId, 'ania@example.com', { invoice: company, drain: false });
    await app.drain({ backoffMs: 3_600_000 });
    const failing = await only();
    expect(failing.ksef).toBe('failed');
    expect(failing.ksefError).toMatch(/503/);
    // The back-off passes.
    await handle.db.updateTable('outbox').set({ next_attempt_at: new Date(0) }).where('status', '=', 'pending').execute();
    await app.drain();
    expect((await only()).ksef).toBe('accepted');
    expect(stand.received).toHaveLength(1);
  });

  it('given a consumer without a NIP, then nothing goes to KSeF and the PDF carries no QR code', async () => {
    const userId = await app.buyer('ania@example.com');
    await app.buy(userId, 'ania@example.com', { invoice: consumer });
    await app.drain();
    const invoice = await only();
    expect(invoice.ksef).toBe('none');
    expect(stand.received).toEqual([]);
    expect(await qrCodesOf((await app.invoicing.invoicePdf(invoice.invoiceId, { userId, admin: false })).bytes)).toEqual([]);
  });
});
