/** Invoice documents as issuing would build them, for the FA(3) tests: parties, lines and sums made by document.ts. */
import { differenceOf, lineOf, totalsOf, type InvoiceDocument, type InvoiceLine } from '../../../modules/invoicing/document.ts';
import type { VatTreatment } from '../../../modules/invoicing/index.ts';

export const EXEMPT_BASIS = 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT';
export const rate = (r: 23 | 8 | 5 | 0): VatTreatment => ({ kind: 'rate', rate: r });
export const exempt: VatTreatment = { kind: 'exempt', basis: EXEMPT_BASIS };

export const line = (pl: string, grossMinor: number, vat: VatTreatment, key = 'nagranie-1'): InvoiceLine =>
  lineOf({ pl, en: `${pl} (en)` }, key, grossMinor, vat);

export function invoiceOf(lines: InvoiceLine[], over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const bases = [...new Set(lines.flatMap((l) => (l.vat.kind === 'exempt' ? [l.vat.basis] : [])))];
  return {
    invoiceId: 'inv-1', kind: 'invoice', number: 'FV/2026/000001',
    issuedAt: '2026-03-02T09:15:00.000Z', issueDate: '2026-03-02', saleDate: '2026-03-01', placeOfIssue: 'Łódź',
    currency: 'PLN',
    seller: {
      name: 'Instytut Psychoterapii Gestalt Łódź sp. z o.o.', nip: '123-456-32-18', bankAccount: null,
      address: { street: 'ul. Źródlana 5/7', postalCode: '90-001', city: 'Łódź', country: 'PL' },
    },
    buyer: {
      name: 'Gabinet Psychoterapii Małgorzata Żółćńęś-Ąźdźbło', nip: '5260250995',
      address: { street: 'ul. Świętokrzyska 12 m. 3', postalCode: '00-916', city: 'Gdańsk', country: 'PL' },
    },
    lines, totals: totalsOf(lines), exemptionBases: bases,
    payment: { method: 'card', paidAt: '2026-03-01T22:30:00.000Z', paidMinor: lines.reduce((t, l) => t + l.grossMinor, 0) },
    purchaseId: 'purchase-1', language: 'pl', correction: null,
    ...over,
  };
}

/** A correction of `original` to `after`: its sums the difference, the original's lines kept as before. */
export function correctionOf(original: InvoiceDocument, after: InvoiceLine[], ksefNumber: string | null, over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const totals = differenceOf(totalsOf(after), original.totals);
  return {
    ...original, invoiceId: 'kor-1', kind: 'correction', number: 'KOR/2026/000001',
    issuedAt: '2026-03-10T11:00:00.000Z', issueDate: '2026-03-10', saleDate: '2026-03-10',
    lines: after, totals,
    payment: { method: 'card', paidAt: '2026-03-10T10:59:00.000Z', paidMinor: totals.grossMinor },
    correction: {
      invoiceId: original.invoiceId, number: original.number, issueDate: original.issueDate, ksefNumber,
      linesBefore: original.lines, totalsBefore: original.totals,
      reason: { pl: 'Częściowy zwrot po odstąpieniu od umowy', en: 'Partial refund after a withdrawal' },
    },
    ...over,
  };
}
