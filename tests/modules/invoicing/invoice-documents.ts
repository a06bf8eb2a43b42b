/** Invoice documents as the issuing path will build them, for the PDF tests and the benchmark (bench/invoice-pdf.ts). */
import { differenceOf, lineOf, totalsOf, type InvoiceDocument } from '../../../modules/invoicing/document.ts';

export const exemptBasis = 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT';

const lines = [
  lineOf({ pl: 'Seminarium: Wstyd i żałość w relacji', en: 'Seminar: Shame and grief in relationship' }, 'shame', 123_450, { kind: 'rate', rate: 23 }),
  lineOf({ pl: 'Nagranie: Źródła lęku — część ósma', en: 'Recording: Sources of anxiety, part eight' }, 'anxiety', 29_000, { kind: 'exempt', basis: exemptBasis }),
];

/** An invoice to a company with a NIP: one line at 23%, one exempt. */
export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    invoiceId: 'inv-1', kind: 'invoice', number: 'FV/2026/000123',
    issuedAt: '2026-11-26T09:15:00.000Z', issueDate: '2026-11-26', saleDate: '2026-11-26', placeOfIssue: 'Warszawa',
    currency: 'PLN',
    seller: { name: 'Instytut Gestalt sp. z o.o.', nip: '1234563218', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' }, bankAccount: 'PL61 1090 1014 0000 0712 1981 2874' },
    buyer: { name: 'Gabinet Psychoterapii Łucja Źdźbło-Gęś', nip: '5260250274', address: { street: 'ul. Ćmielowska 15 m. 4', postalCode: '31-555', city: 'Kraków', country: 'PL' } },
    lines, totals: totalsOf(lines), exemptionBases: [exemptBasis],
    payment: { method: 'card', paidAt: '2026-11-25T23:30:00.000Z', paidMinor: 152_450 },
    purchaseId: 'purchase-1', language: 'pl', correction: null,
    ...overrides,
  };
}

/** A correction after the seminar (the first line) was refunded: the recording stays. */
export function sampleCorrection(): InvoiceDocument {
  const original = sampleInvoice();
  const after = [original.lines[1]!];
  return {
    ...original, invoiceId: 'kor-1', kind: 'correction', number: 'KOR/2026/000007',
    issuedAt: '2026-12-02T10:00:00.000Z', issueDate: '2026-12-02',
    lines: after, totals: differenceOf(totalsOf(after), original.totals),
    correction: {
      invoiceId: original.invoiceId, number: original.number, issueDate: original.issueDate, ksefNumber: '1234563218-20261126-0100001AF629-AF',
      linesBefore: original.lines, totalsBefore: original.totals,
      reason: { pl: 'Zwrot po odstąpieniu od umowy (seminarium)', en: 'Refund after withdrawal from the contract (seminar)' },
    },
  };
}
