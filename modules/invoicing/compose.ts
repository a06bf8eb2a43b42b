/**
 * Making the documents: an invoice from a paid purchase, a correction from a refund. Pure: the seller, the sale and the
 * number arrive in the command, so an issued document depends on nothing read later.
 */
import {
  differenceOf, lineOf, totalsOf, type BuyerParty, type Currency, type InvoiceDocument, type InvoiceLine, type Language, type SellerParty,
} from './document.ts';
import { warsawInstant } from '../shared/text/index.ts';
import type { SellerSettings } from './seller.ts';
import type { VatTreatment } from './vat.ts';

/** What the invoice needs to know of the sale: read from purchases and the catalogue when it is issued. */
export type SaleFacts = {
  purchaseId: string;
  userId: string;
  productKey: string;
  title: { pl: string; en: string };
  currency: Currency;
  /** What the buyer paid, in minor units. */
  paidMinor: number;
  paidAt: string;
  vat: VatTreatment;
};

export type Numbered = { invoiceId: string; number: string; issuedAt: string };

const warsawDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' });
/** yyyy-mm-dd of an instant in Warsaw. */
export const dayInWarsaw = (at: string | Date): string => warsawDay.format(new Date(at));

export const sellerParty = (s: SellerSettings): SellerParty => ({
  name: s.name, nip: s.nip, address: { ...s.address }, bankAccount: s.bankAccount === '' ? null : s.bankAccount,
});

const exemptionBases = (lines: readonly InvoiceLine[]) => [...new Set(lines.flatMap((l) => (l.vat.kind === 'exempt' ? [l.vat.basis] : [])))];

/** The invoice of a paid sale: one line, the amount paid, VAT reckoned from it. */
export function composeInvoice(input: { sale: SaleFacts; seller: SellerSettings; buyer: BuyerParty; language: Language; numbered: Numbered }): InvoiceDocument {
  const { sale, numbered } = input;
  const lines = [lineOf(sale.title, sale.productKey, sale.paidMinor, sale.vat)];
  return {
    invoiceId: numbered.invoiceId, kind: 'invoice', number: numbered.number, issuedAt: numbered.issuedAt,
    issueDate: dayInWarsaw(numbered.issuedAt), saleDate: dayInWarsaw(sale.paidAt), placeOfIssue: input.seller.placeOfIssue,
    currency: sale.currency, seller: sellerParty(input.seller), buyer: input.buyer, lines, totals: totalsOf(lines),
    exemptionBases: exemptionBases(lines), payment: { method: 'card', paidAt: sale.paidAt, paidMinor: sale.paidMinor },
    purchaseId: sale.purchaseId, language: input.language, correction: null,
  };
}

/** Why a refund corrects the invoice, in both languages (FA(3) takes the Polish one). */
export const correctionReason = (full: boolean) => (full
  ? { pl: 'Zwrot całości zapłaty (odstąpienie od umowy lub zwrot)', en: 'Full refund of the payment (withdrawal or refund)' }
  : { pl: 'Częściowy zwrot zapłaty', en: 'Partial refund of the payment' });

/**
 * The correction for a refund of `refundMinor`: the original's parties and sale as issued (never read again), its
 * lines as they stood after earlier corrections (`linesBefore`), the same lines lowered by the refund after.
 * The seller's current settings give only the place of issue and the correction's own date.
 */
export function composeCorrection(input: {
  original: InvoiceDocument; originalKsefNumber: string | null; linesBefore: InvoiceLine[]; refundMinor: number; seller: SellerSettings; numbered: Numbered; language: Language;
}): InvoiceDocument {
  const { original, linesBefore, numbered } = input;
  const before = linesBefore[0]!;
  const afterGross = before.grossMinor - input.refundMinor;
  if (afterGross < 0) throw new RangeError('a refund above what the invoice still holds');
  const lines = [lineOf(before.name, before.productKey, afterGross, before.vat)];
  const totalsBefore = totalsOf(linesBefore);
  return {
    ...original,
    invoiceId: numbered.invoiceId, kind: 'correction', number: numbered.number, issuedAt: numbered.issuedAt,
    issueDate: dayInWarsaw(numbered.issuedAt), placeOfIssue: input.seller.placeOfIssue || original.placeOfIssue,
    lines, totals: differenceOf(totalsOf(lines), totalsBefore), exemptionBases: exemptionBases(lines), language: input.language,
    correction: {
      invoiceId: original.invoiceId, number: original.number, issueDate: original.issueDate, ksefNumber: input.originalKsefNumber,
      linesBefore, totalsBefore, reason: correctionReason(afterGross === 0),
    },
  };
}

/**
 * The end of the window for a later request (VAT Act Art. 106b ust. 3: three months counted from the end of the month
 * of payment): the first instant of the fourth month after it, in Warsaw. Paid on 15 November 2026, asked by
 * 28 February 2027 23:59:59 inclusive.
 */
export function laterRequestDeadline(paidAt: string | Date): Date {
  const [year, month] = dayInWarsaw(paidAt).split('-').map(Number) as [number, number];
  const next = month + 3; // 1-based month of the payment plus three, then the month after that begins the refusal
  return warsawInstant(year + Math.floor(next / 12), (next % 12) + 1, 1, 0);
}
