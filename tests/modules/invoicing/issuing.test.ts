import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { lastNumber } from '../../../modules/shared/numbering/index.ts';
import { refusal } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { company, consumer, institute, invoicingApp } from '../../support/invoicing-app.ts';
import { keepForSchemaCheck } from '../../support/ksef-xml.ts';

const NOW = '2026-11-26T10:00:00.000Z';

describe.each(backends)('invoices issued with the sale on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let app: Awaited<ReturnType<typeof invoicingApp>>;
  const clock = fixedClock(NOW);
  beforeEach(async () => {
    clock.set(NOW);
    handle = await openMigrated(backend);
    app = await invoicingApp(handle, { clock });
  });
  afterEach(async () => handle?.close());

  it('given no seller data, when a buyer asks for an invoice at checkout, then the checkout is refused and nothing is numbered', async () => {
    const userId = await app.buyer('ania@example.com');
    expect(await refusal(app.buy(userId, 'ania@example.com', { invoice: company }))).toBe('invoicing-not-ready');
    expect(await lastNumber(handle.db, 'FV', 2026)).toBe(0);
    expect(await handle.db.selectFrom('purchases').select('purchase_id').execute()).toEqual([]);
  });

  it('given the seller, when a company pays with "Chcę fakturę", then FV/2026/000001 is issued with both parties copied, XML for KSeF, and mailed as a PDF', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    const purchaseId = await app.buy(userId, 'ania@example.com', { invoice: company });
    await app.drain();
    const { invoices, requested } = await app.invoicing.invoicesOf(userId);
    expect(requested).toEqual([]);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice).toMatchObject({ purchaseId, kind: 'invoice', number: 'FV/2026/000001', buyerName: company.name, buyerNip: '1111111111', currency: 'PLN' });
    expect(invoice!.netMinor + invoice!.vatMinor).toBe(invoice!.grossMinor);
    // 23% reckoned from the gross, rounded to the grosz.
    expect(invoice!.vatMinor).toBe(Math.round((invoice!.grossMinor * 23) / 123));

    const { xml } = await app.invoicing.invoiceXml(invoice!.invoiceId, { userId: 'admin', admin: true });
    keepForSchemaCheck('issued-company-invoice', xml);
    const fa = new XMLParser({ ignoreAttributes: true, parseTagValue: false }).parse(xml).Faktura;
    expect(fa.Podmiot1.DaneIdentyfikacyjne.NIP).toBe('1234563218');
    expect(fa.Podmiot2.DaneIdentyfikacyjne.NIP).toBe('1111111111');
    expect(fa.Podmiot2.DaneIdentyfikacyjne.Nazwa).toBe(company.name);
    expect(fa.Fa.P_2).toBe('FV/2026/000001');
    expect(fa.Fa.P_15).toBe((invoice!.grossMinor / 100).toFixed(2));

    const mail = (await app.mailsTo('ania@example.com')).find((m) => m.subject === 'Faktura FV/2026/000001');
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType, a.encoding])).toEqual([['FV-2026-000001.pdf', 'application/pdf', 'base64']]);

    // The seller's later change never reaches the issued document.
    await app.invoicing.saveSellerSettings({ ...institute, name: 'Inna Nazwa' }, 'admin-1');
    expect((await app.invoicing.invoiceXml(invoice!.invoiceId, { userId: 'admin', admin: true })).xml).toBe(xml);
  });

  it('given an invoice, when the buyer, another buyer and an admin fetch it, then only the buyer and the admin get it', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    const other = await app.buyer('olek@example.com');
    await app.buy(userId, 'ania@example.com', { invoice: consumer });
    const [invoice] = (await app.invoicing.invoicesOf(userId)).invoices;
    expect((await app.invoicing.invoicePdf(invoice!.invoiceId, { userId, admin: false })).filename).toBe('FV-2026-000001.pdf');
    expect((await app.invoicing.invoicePdf(invoice!.invoiceId, { userId: 'someone', admin: true })).filename).toBe('FV-2026-000001.pdf');
    expect(await refusal(app.invoicing.invoicePdf(invoice!.invoiceId, { userId: other, admin: false }))).toBe('invoice-not-found');
    expect(await refusal(app.invoicing.invoicePdf('no-such-invoice', { userId, admin: false }))).toBe('invoice-not-found');
    // A consumer's invoice has no FA(3) version.
    expect(await refusal(app.invoicing.invoiceXml(invoice!.invoiceId, { userId, admin: true }))).toBe('invoice-no-xml');
  });

  it('given a paid purchase without an invoice, when the buyer asks later, then it is issued at once; a second request, another user and a refused NIP take no number', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    const other = await app.buyer('olek@example.com');
    const purchaseId = await app.buy(userId, 'ania@example.com');
    expect(await refusal(app.invoicing.requestLater({ purchaseId, userId: other, buyer: company, language: 'pl' }, other))).toBe('invoice-purchase-not-found');
    expect(await refusal(app.invoicing.requestLater({ purchaseId, userId, buyer: { ...company, nip: '1111111112' }, language: 'pl' }, userId))).toBe('invoice-nip-invalid');
    expect(await lastNumber(handle.db, 'FV', 2026)).toBe(0);
    await app.invoicing.requestLater({ purchaseId, userId, buyer: company, language: 'en' }, userId);
    expect(await refusal(app.invoicing.requestLater({ purchaseId, userId, buyer: company, language: 'pl' }, userId))).toBe('invoice-already-requested');
    expect((await app.invoicing.invoicesOf(userId)).invoices.map((i) => i.number)).toEqual(['FV/2026/000001']);
    expect(await lastNumber(handle.db, 'FV', 2026)).toBe(1);
    await app.drain();
    expect((await app.mailsTo('ania@example.com')).some((m) => m.subject === 'Invoice FV/2026/000001')).toBe(true);
  });

  it('given a purchase paid on 26 November, when the buyer asks on 28 February at 23:59 Warsaw time it is issued, on 1 March it is refused', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    const first = await app.buy(userId, 'ania@example.com');
    const second = await app.buy(userId, 'ania@example.com', { key: (await import('../../../modules/catalogue/index.ts')).DEMO_KEYS.fieldTheory });
    clock.set('2027-02-28T22:59:00.000Z');
    await app.invoicing.requestLater({ purchaseId: first, userId, buyer: consumer, language: 'pl' }, userId);
    clock.set('2027-02-28T23:00:00.000Z');
    expect(await refusal(app.invoicing.requestLater({ purchaseId: second, userId, buyer: consumer, language: 'pl' }, userId))).toBe('invoice-request-too-late');
    // Numbered in the year it was issued.
    expect((await app.invoicing.invoicesOf(userId)).invoices.map((i) => i.number)).toEqual(['FV/2027/000001']);
  });

  it('given an invoice, when a partial and then the rest are refunded, then KOR/2026/000001 and 000002 correct it, the lines after each', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    const purchaseId = await app.buy(userId, 'ania@example.com', { invoice: company });
    const [invoice] = (await app.invoicing.invoicesOf(userId)).invoices;
    const gross = invoice!.grossMinor;
    await app.purchases.requestRefund({ purchaseId, amountMinor: 5000, reason: 'Częściowy zwrot', requestedBy: { kind: 'admin', userId: 'admin-1' }, revokeAccess: false });
    await app.drain();
    await app.purchases.requestRefund({ purchaseId, amountMinor: gross - 5000, reason: 'Reszta', requestedBy: { kind: 'admin', userId: 'admin-1' }, revokeAccess: false });
    await app.drain();
    await app.drain();
    const docs = (await app.invoicing.invoicesOf(userId)).invoices.sort((a, b) => a.number.localeCompare(b.number));
    expect(docs.map((d) => [d.number, d.kind, d.grossMinor, d.corrects])).toEqual([
      ['FV/2026/000001', 'invoice', gross, null],
      ['KOR/2026/000001', 'correction', -5000, 'FV/2026/000001'],
      ['KOR/2026/000002', 'correction', -(gross - 5000), 'FV/2026/000001'],
    ]);
    const kor = docs[1]!;
    expect(kor.netMinor + kor.vatMinor).toBe(-5000);
    const { xml } = await app.invoicing.invoiceXml(kor.invoiceId, { userId: 'admin', admin: true });
    keepForSchemaCheck('issued-partial-correction', xml);
    const fa = new XMLParser({ ignoreAttributes: true, parseTagValue: false }).parse(xml).Faktura.Fa;
    expect(fa.RodzajFaktury).toBe('KOR');
    expect(fa.DaneFaKorygowanej.NrFaKorygowanej).toBe('FV/2026/000001');
    expect(fa.P_15).toBe('-50.00');
    expect((await app.mailsTo('ania@example.com')).some((m) => m.subject === 'Faktura korygująca KOR/2026/000001')).toBe(true);
  });

  it('given a refund before the buyer asked, when the invoice is asked for later, then the invoice and its correction are issued together', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    const purchaseId = await app.buy(userId, 'ania@example.com');
    await app.purchases.requestRefund({ purchaseId, amountMinor: 1000, reason: 'Rabat', requestedBy: { kind: 'admin', userId: 'admin-1' }, revokeAccess: false });
    await app.drain();
    expect((await app.invoicing.invoicesOf(userId)).invoices).toEqual([]);
    await app.invoicing.requestLater({ purchaseId, userId, buyer: company, language: 'pl' }, userId);
    expect((await app.invoicing.invoicesOf(userId)).invoices.map((d) => [d.number, d.grossMinor < 0]).sort()).toEqual([['FV/2026/000001', false], ['KOR/2026/000001', true]]);
  });

  it('given a NIP buyer, when the price is in euro, then the checkout is refused (FA(3) needs the NBP rate) and a consumer may still ask', async () => {
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    expect(await refusal(app.buy(userId, 'ania@example.com', { currency: 'EUR', invoice: company }))).toBe('invoice-currency-nip');
    await app.buy(userId, 'ania@example.com', { currency: 'EUR', invoice: consumer });
    expect((await app.invoicing.invoicesOf(userId)).invoices.map((i) => [i.number, i.currency, i.buyerNip])).toEqual([['FV/2026/000001', 'EUR', null]]);
  });
});
