import type { Kysely } from 'kysely';
import { DomainError, handleCommand, loadState, randomIds, systemClock, systemWait, type ModuleContext } from '../shared/kernel/index.ts';
import { deliveryHandlers, pdfName, pdfOf } from './delivery.ts';
import { toFa3Xml } from './fa3.ts';
import { KSEF_QR_BASE } from './ksef-qr.ts';
import { invoiceStream } from './invoice.ts';
import { issuingHandlers, type InvoiceRequestInput, type SaleRecord } from './issuing.ts';
import { createKsefClient } from './ksef/client.ts';
import { KsefApiError } from './ksef/http.ts';
import { outsideCalls } from '../shared/outside/index.ts';
import { ksefConfig } from './ksef/config.ts';
import { invoicesProjection } from './projection.ts';
import { invoiceQueries, type KsefView } from './queries.ts';
import type { InvoicingTables } from './schema.ts';
import { missingFields, SELLER_STREAM, sellerDecider, type SellerField, type SellerSettings } from './seller.ts';
import { INVOICE_TOPICS, type InvoiceDuePayload } from './topics.ts';
import { vatDecider, vatStream, type VatTreatment } from './vat.ts';

// The checks live in the shared text door, which the browser may import (the buy panel checks a NIP as it is typed).
export { checkIban, checkNip, type IbanReason, type NipReason, type NumberCheck } from '../shared/text/index.ts';
export { renderInvoicePdf, type InvoicePdfOptions } from './pdf.ts';
export { blankSettings, SERIES_PREFIX, type SellerAddress, type SellerField, type SellerSettings } from './seller.ts';
export { MAX_EXEMPTION_BASIS, VAT_RATES, type VatRate, type VatTreatment } from './vat.ts';
export { INVOICE_TOPICS } from './topics.ts';
export { laterRequestDeadline } from './compose.ts';
export { invoiceMailTexts } from './mail-texts.ts';
export { KSEF_VIEWS, type InvoiceSummary, type KsefView } from './queries.ts';
export type { BuyerParty, InvoiceDocument, Language as InvoiceLanguage, PostalAddress } from './document.ts';
export type { InvoiceRequestInput, SaleRecord } from './issuing.ts';
export { toFa3Xml } from './fa3.ts';
export { KSEF_QR_BASE, ksefVerificationUrl } from './ksef-qr.ts';
export { createKsefClient, type KsefOutcome } from './ksef/client.ts';
import type { KsefOutcome } from './ksef/client.ts';
export { ksefConfig } from './ksef/config.ts';
export { KsefUnavailable } from './ksef/http.ts';

/** What invoicing needs from other modules, handed over by the composition root. */
export type InvoicingPorts = {
  /** Whether the catalogue knows this product (published or not). */
  productExists(key: string): Promise<boolean>;
  /** A purchase as the invoice needs it (who paid how much and when, and its completed refunds); null when none. */
  sale(purchaseId: string): Promise<SaleRecord | null>;
  /** A product's title in both languages at the time of issue. */
  productTitle(key: string): Promise<{ pl: string; en: string } | null>;
  /** Where the buyer's mail goes (null: the account is gone). */
  buyerEmail(userId: string): Promise<string | null>;
  origin(): string;
};

/** Whether invoices can be issued, and if not, which seller fields are still missing. */
export type InvoicingReadiness = { ready: boolean; missing: SellerField[] };

/** A product's VAT: its own treatment, or null when it takes the seller's default; `effective` is what an invoice uses. */
export type ProductVat = { productKey: string; own: VatTreatment | null; effective: VatTreatment };

/**
 * Invoicing (issue 23), first part: the seller's settings and each product's VAT treatment, both as events through
 * the kernel (so the audit trail lists every change, with who made it). Until the seller's data is complete,
 * `invoicingReady()` says no and no invoice is issued. Refusals: `invoicing-nip-invalid`, `invoicing-iban-invalid`,
 * `invoicing-series-invalid`, `invoicing-vat-invalid`, `product-not-found`.
 */
export function createInvoicing(ctx: ModuleContext, ports: InvoicingPorts) {
  const kernel = { db: ctx.db, store: ctx.store };
  const clock = ctx.clock ?? systemClock;
  const settings = async (): Promise<SellerSettings> => (await loadState(kernel, sellerDecider, SELLER_STREAM)).state;
  const known = async (productKey: string) => {
    if (!(await ports.productExists(productKey))) throw new DomainError('product-not-found', { key: productKey });
  };
  const ksef = ksefConfig(ctx.config);
  const issuing = issuingHandlers({
    db: ctx.db, store: ctx.store, clock, ids: ctx.ids ?? randomIds, toXml: toFa3Xml, ksefEnabled: ksef !== null,
    sale: ports.sale, productTitle: ports.productTitle,
    productVat: async (key) => (await productVat(key)).effective,
    seller: async () => { const current = await settings(); return { settings: current, ready: missingFields(current).length === 0 }; },
  });
  // One client per seller NIP (it keeps KSeF's access token): a change of the seller's NIP starts a new session.
  let client: { nip: string; submit: (xml: string) => Promise<KsefOutcome> } | null = null;
  // Each submission notes how it went, for the admin's system page (modules/shared/outside); KSeF refusing a request
  // with its own error code has answered, so it works.
  const outside = outsideCalls(ctx.db, { clock, onError: (err) => ctx.log.warn({ err }, 'KSeF status not recorded') });
  const submit = ksef ? async (xml: string) => {
    const nip = (await settings()).nip;
    if (client?.nip !== nip) client = { nip, ...createKsefClient({ baseUrl: ksef.baseUrl, token: ksef.token, nip, clock, wait: ctx.wait ?? systemWait }) };
    const current = client;
    return outside.watch('ksef', () => current.submit(xml), (error) => error instanceof KsefApiError);
  } : null;
  const delivery = deliveryHandlers({
    db: ctx.db, store: ctx.store, clock, qrBase: ksef?.qrUrl ?? KSEF_QR_BASE.PRD, siteName: ctx.config.SITE_NAME, decider: issuing.decider, load: issuing.load,
    buyerEmail: ports.buyerEmail, libraryUrl: () => new URL('/video', ports.origin()).href,
    submit,
  });
  const queries = invoiceQueries(ctx.db as unknown as Kysely<InvoicingTables>, { ksefEnabled: ksef !== null, load: issuing.load });
  const qrBase = ksef?.qrUrl ?? KSEF_QR_BASE.PRD;
  const documentHandlers = () => ({
    /** A checkout's request, in the checkout's transaction (purchases' port). */
    requestAtCheckout: issuing.requestAtCheckout,
    /** A request for a paid purchase of the caller's, issued at once (see issuing.ts for refusals). */
    requestLater: (input: InvoiceRequestInput, actor: string, requestId?: string) => issuing.requestLater(input, { actor, ...(requestId ? { requestId } : {}) }),
    invoicesOf: queries.invoicesOf,
    adminInvoices: queries.adminList,
    /** The PDF of a document for its buyer or an admin, as `{ filename, bytes }`; anyone else: `invoice-not-found`. */
    async invoicePdf(invoiceId: string, caller: { userId: string; admin: boolean }) {
      const issued = await queries.documentFor(invoiceId, caller);
      return { filename: pdfName(issued.document), bytes: await pdfOf(issued, qrBase) };
    },
    /** The FA(3) XML exactly as issued (admin), or `invoice-no-xml` for a document without one (no NIP). */
    async invoiceXml(invoiceId: string, caller: { userId: string; admin: boolean }) {
      const issued = await queries.documentFor(invoiceId, caller);
      if (!issued.xml) throw new DomainError('invoice-no-xml');
      return { filename: pdfName(issued.document).replace(/\.pdf$/, '.xml'), xml: issued.xml };
    },
    /** The admin sends a document to KSeF again (after a refusal or once the retries gave up). */
    async resubmitToKsef(invoiceId: string, actor: string): Promise<void> {
      if (!ksef) throw new DomainError('invoice-ksef-off');
      const issued = await queries.documentFor(invoiceId, { userId: actor, admin: true });
      const purchaseId = issued.document.purchaseId;
      await handleCommand(kernel, issuing.decider, invoiceStream(purchaseId), { type: 'ResubmitToKsef', invoiceId, at: clock().toISOString() }, {
        metadata: { actor },
        outbox: (events) => events.flatMap((e) => e.type === 'KsefResubmitted'
          ? [{ topic: INVOICE_TOPICS.ksef, dedupeKey: `invoice-ksef:${invoiceId}:${e.data.attempt}`, payload: { purchaseId, invoiceId } }] : []),
      });
    },
    ksefEnabled: ksef !== null,
    projections: [invoicesProjection],
    outboxHandlers: {
      [INVOICE_TOPICS.issue]: async (payload: unknown) => { await issuing.issue((payload as InvoiceDuePayload).purchaseId); },
      [INVOICE_TOPICS.correct]: async (payload: unknown) => { await issuing.correctRefunds((payload as InvoiceDuePayload).purchaseId); },
      [INVOICE_TOPICS.mail]: delivery.mail,
      [INVOICE_TOPICS.ksef]: delivery.ksef,
    },
  });
  const productVat = async (productKey: string): Promise<ProductVat> => {
    const [seller, own] = await Promise.all([settings(), loadState(kernel, vatDecider, vatStream(productKey))]);
    return { productKey, own: own.state.treatment, effective: own.state.treatment ?? seller.defaultVat };
  };
  return {
    /** The seller's settings as recorded (the blank defaults on a new install). */
    sellerSettings: settings,
    /** Replaces the seller's settings; only the fields that differ are recorded, `actor` in the event's metadata. */
    async saveSellerSettings(next: SellerSettings, actor: string | null): Promise<SellerSettings> {
      return (await handleCommand(kernel, sellerDecider, SELLER_STREAM, { type: 'ChangeSellerSettings', settings: next }, { metadata: { actor } })).state;
    },
    async invoicingReady(): Promise<InvoicingReadiness> {
      const missing = missingFields(await settings());
      return { ready: missing.length === 0, missing };
    },
    async productVat(productKey: string): Promise<ProductVat> {
      await known(productKey);
      return productVat(productKey);
    },
    /** Sets a product's own treatment, or (null) gives it back to the seller's default. */
    async setProductVat(productKey: string, treatment: VatTreatment | null, actor: string | null): Promise<ProductVat> {
      await known(productKey);
      await handleCommand(kernel, vatDecider, vatStream(productKey), { type: 'SetVatTreatment', productKey, treatment }, { metadata: { actor } });
      return productVat(productKey);
    },
    /** Every product's own treatment, by key, read from the log (a product absent from it takes the default). */
    async productTreatments(): Promise<Record<string, VatTreatment | null>> {
      const rows = await ctx.db.selectFrom('events').where('type', '=', 'VatTreatmentSet').select(['data']).orderBy('position').execute();
      const own: Record<string, VatTreatment | null> = {};
      for (const { data } of rows) {
        const { productKey, treatment } = data as { productKey: string; treatment: VatTreatment | null };
        own[productKey] = treatment;
      }
      return own;
    },
    ...documentHandlers(),
  };
}

export type { KsefView as InvoiceKsefView };
export type Invoicing = ReturnType<typeof createInvoicing>;
