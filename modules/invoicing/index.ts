import { DomainError, handleCommand, loadState, type ModuleContext } from '../shared/kernel/index.ts';
import { missingFields, SELLER_STREAM, sellerDecider, type SellerField, type SellerSettings } from './seller.ts';
import { vatDecider, vatStream, type VatTreatment } from './vat.ts';

export { checkIban, checkNip, type IbanReason, type NipReason, type NumberCheck } from './numbers.ts';
export { renderInvoicePdf, type InvoicePdfOptions } from './pdf.ts';
export { blankSettings, SERIES_PREFIX, type SellerAddress, type SellerField, type SellerSettings } from './seller.ts';
export { MAX_EXEMPTION_BASIS, VAT_RATES, type VatRate, type VatTreatment } from './vat.ts';

/** What invoicing needs from other modules, handed over by the composition root. */
export type InvoicingPorts = {
  /** Whether the catalogue knows this product (published or not). */
  productExists(key: string): Promise<boolean>;
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
  const settings = async (): Promise<SellerSettings> => (await loadState(kernel, sellerDecider, SELLER_STREAM)).state;
  const known = async (productKey: string) => {
    if (!(await ports.productExists(productKey))) throw new DomainError('product-not-found', { key: productKey });
  };
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
  };
}

export type Invoicing = ReturnType<typeof createInvoicing>;
