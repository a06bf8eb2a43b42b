/**
 * The invoice as a document: everything printed on it, copied at issue (seller, buyer, lines, sums), so later changes
 * of settings, products or accounts never change an issued invoice. The PDF (pdf.ts) and the FA(3) XML (fa3.ts) are
 * both rendered from this alone, plus what KSeF answered later (its number), never from anything read at render time.
 */
import type { VatTreatment } from './vat.ts';

export type Currency = 'PLN' | 'EUR' | 'USD';
export type Language = 'pl' | 'en';
export type PostalAddress = { street: string; postalCode: string; city: string; country: string };

/** Who sells: the seller's settings as they were when the document was issued. */
export type SellerParty = { name: string; nip: string; address: PostalAddress; bankAccount: string | null };

/**
 * Who buys: a company or a sole trader with a Polish NIP, or a consumer (nip null) who asked for an invoice in their own
 * name. Only documents with a NIP go to KSeF (FA(3) XML); a consumer's invoice is a PDF only.
 */
export type BuyerParty = { name: string; nip: string | null; address: PostalAddress };

/**
 * One line: a service sold once (quantity 1), priced gross as the shop shows it; VAT is reckoned from the gross
 * ("od brutto": vat = round(gross·rate / (100 + rate)), half away from zero; net = gross − vat), exempt lines carry no VAT.
 */
export type InvoiceLine = {
  /** The product's title in Polish at issue (the invoice's language of record), and in English for the English PDF. */
  name: { pl: string; en: string };
  productKey: string;
  quantity: number;
  vat: VatTreatment;
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
};

/** Sums per VAT treatment ('23', '8', '5', '0' or 'zw' for exempt), and overall; negative on a correction that gives back. */
export type VatKey = '23' | '8' | '5' | '0' | 'zw';
export type Totals = {
  byVat: { key: VatKey; netMinor: number; vatMinor: number; grossMinor: number }[];
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
};

/** What a correction corrects: the original as it was issued (and its KSeF number when it has one). */
export type CorrectedInvoice = {
  invoiceId: string;
  number: string;
  /** yyyy-mm-dd, the original's P_1. */
  issueDate: string;
  ksefNumber: string | null;
  /** The original's lines (before); the correction's `lines` are the lines after it. */
  linesBefore: InvoiceLine[];
  totalsBefore: Totals;
  /** Why, in Polish (FA(3) PrzyczynaKorekty) and English: e.g. a partial refund after a withdrawal. */
  reason: { pl: string; en: string };
};

export type InvoiceDocument = {
  invoiceId: string;
  kind: 'invoice' | 'correction';
  /** `FV/2026/000001` or `KOR/2026/000001`. */
  number: string;
  /** The instant of issue (ISO), and its Warsaw day, yyyy-mm-dd: the date printed (P_1). */
  issuedAt: string;
  issueDate: string;
  /** The day the payment was received (Warsaw), yyyy-mm-dd: P_6 / the date of sale printed. */
  saleDate: string;
  placeOfIssue: string;
  currency: Currency;
  seller: SellerParty;
  buyer: BuyerParty;
  /** The lines as they stand after this document (for a correction: after the correction). */
  lines: InvoiceLine[];
  /** What this document adds: the lines' sums for an invoice, after minus before for a correction. */
  totals: Totals;
  /** Exemption bases printed (FA(3) P_19A/B/C), one per distinct basis of exempt lines. */
  exemptionBases: string[];
  payment: { method: 'card'; paidAt: string; paidMinor: number };
  purchaseId: string;
  /** The buyer's language when the document was issued: the PDF mailed to them is in it. */
  language: Language;
  correction: CorrectedInvoice | null;
};

/** Half away from zero, in minor units (a grosz, a cent). */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** A line priced `grossMinor` (may be negative) under `vat`, with its VAT reckoned from the gross. */
export function lineOf(name: InvoiceLine['name'], productKey: string, grossMinor: number, vat: VatTreatment): InvoiceLine {
  if (!Number.isSafeInteger(grossMinor)) throw new RangeError(`not an amount in minor units: ${grossMinor}`);
  const vatMinor = vat.kind === 'exempt' || vat.rate === 0 ? 0 : roundHalfAway((grossMinor * vat.rate) / (100 + vat.rate));
  return { name, productKey, quantity: 1, vat, grossMinor, vatMinor, netMinor: grossMinor - vatMinor };
}

export const vatKeyOf = (vat: VatTreatment): VatKey => (vat.kind === 'exempt' ? 'zw' : (String(vat.rate) as VatKey));

const VAT_ORDER: VatKey[] = ['23', '8', '5', '0', 'zw'];

/** The sums of `lines`, per treatment in the order FA(3) lists them (23, 8, 5, 0, exempt). */
export function totalsOf(lines: readonly InvoiceLine[]): Totals {
  const byVat = VAT_ORDER.flatMap((key) => {
    const of = lines.filter((line) => vatKeyOf(line.vat) === key);
    if (of.length === 0) return [];
    const sum = (pick: (l: InvoiceLine) => number) => of.reduce((total, line) => total + pick(line), 0);
    return [{ key, netMinor: sum((l) => l.netMinor), vatMinor: sum((l) => l.vatMinor), grossMinor: sum((l) => l.grossMinor) }];
  });
  const all = (pick: (t: Totals['byVat'][number]) => number) => byVat.reduce((total, t) => total + pick(t), 0);
  return { byVat, netMinor: all((t) => t.netMinor), vatMinor: all((t) => t.vatMinor), grossMinor: all((t) => t.grossMinor) };
}

/** After minus before, per treatment present in either (a correction's sums). */
export function differenceOf(after: Totals, before: Totals): Totals {
  const keys = VAT_ORDER.filter((key) => after.byVat.some((t) => t.key === key) || before.byVat.some((t) => t.key === key));
  const zero = { netMinor: 0, vatMinor: 0, grossMinor: 0 };
  const byVat = keys.map((key) => {
    const a = after.byVat.find((t) => t.key === key) ?? zero;
    const b = before.byVat.find((t) => t.key === key) ?? zero;
    return { key, netMinor: a.netMinor - b.netMinor, vatMinor: a.vatMinor - b.vatMinor, grossMinor: a.grossMinor - b.grossMinor };
  });
  return { byVat, netMinor: after.netMinor - before.netMinor, vatMinor: after.vatMinor - before.vatMinor, grossMinor: after.grossMinor - before.grossMinor };
}

/** Whether the document goes to KSeF as FA(3) XML: only to a buyer with a NIP. */
export const goesToKsef = (doc: Pick<InvoiceDocument, 'buyer'>): boolean => doc.buyer.nip !== null;
