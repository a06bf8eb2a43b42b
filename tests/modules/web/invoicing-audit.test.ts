import { describe, expect, it } from 'vitest';
import { auditTypeOf, moneyOf, refOf, subjectOf } from '../../../modules/audit/entries.ts';
import type { AuditEntry } from '../../../modules/audit/index.ts';
import { translator } from '../../../src/i18n/index.ts';
import { auditSummary } from '../../../src/server/audit-summary.ts';

const numbers: Record<string, string> = { 'inv-1': 'FV/2026/000001' };
const lookups = { articleTitle: () => null, refundOrigin: () => ({ productKey: null, buyer: null }), invoiceNumber: (id: string) => numbers[id] ?? null };
const entryOf = (type: string, data: Record<string, unknown>): AuditEntry => {
  const subject = subjectOf({ type, data }, lookups);
  return { position: 1, at: new Date(0), type: auditTypeOf(type)!, event: type, actor: { id: 'a1', name: 'Ewa Admin' }, subject,
    ref: refOf(subject), money: moneyOf(subject), person: null, productTitle: refOf(subject) ? { pl: 'Trauma', en: 'Trauma (EN)' } : null };
};

/** The seller's settings and a product's VAT are consequential (what invoices will say): the audit trail says what changed. */
describe('invoicing entries of the audit trail', () => {
  it('name the seller fields that changed, about no product and moving no money', () => {
    const entry = entryOf('SellerSettingsChanged', { changes: { nip: '1234563218', address: {}, series: {} } });
    expect([entry.type, entry.ref, entry.money]).toEqual(['invoicing', null, null]);
    expect(auditSummary(entry, translator('pl'), 'pl')).toBe('Zmieniono dane sprzedawcy do faktur: adres, NIP, serie numeracji');
    expect(auditSummary(entry, translator('en'), 'en')).toBe('Seller data for invoices changed: address, NIP, number series');
  });

  it('name the product and its new treatment: a rate, an exemption with its basis, or the default again', () => {
    const rate = entryOf('VatTreatmentSet', { productKey: 'trauma', treatment: { kind: 'rate', rate: 8 } });
    expect([rate.type, rate.ref]).toEqual(['invoicing', { kind: 'product', id: 'trauma' }]);
    expect(auditSummary(rate, translator('pl'), 'pl')).toBe('VAT produktu Trauma: stawka 8%');
    const exempt = entryOf('VatTreatmentSet', { productKey: 'trauma', treatment: { kind: 'exempt', basis: 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT' } });
    expect(auditSummary(exempt, translator('en'), 'en')).toBe('VAT of Trauma (EN): exempt (art. 43 ust. 1 pkt 29 lit. a ustawy o VAT)');
    expect(auditSummary(entryOf('VatTreatmentSet', { productKey: 'trauma', treatment: null }), translator('en'), 'en')).toBe('VAT of Trauma (EN): the seller’s default');
  });
});

const address = { street: 'ul. Długa 5', postalCode: '00-001', city: 'Warszawa', country: 'PL' };
const documentOf = (kind: 'invoice' | 'correction', number: string, grossMinor: number, nip: string | null) => ({
  invoiceId: kind === 'invoice' ? 'inv-1' : 'kor-1', kind, number, currency: 'PLN', buyer: { name: 'Gabinet Zażółć sp. z o.o.', nip, address },
  totals: { byVat: [], netMinor: 0, vatMinor: 0, grossMinor },
  correction: kind === 'correction' ? { invoiceId: 'inv-1', number: 'FV/2026/000001' } : null,
});
const both = (entry: AuditEntry) => [auditSummary(entry, translator('pl'), 'pl'), auditSummary(entry, translator('en'), 'en')];

/** An invoice's life is consequential (a numbered tax document, its correction, what KSeF said): one line each, with its number and buyer. */
describe('invoice documents in the audit trail', () => {
  it('a request names its buyer, with or without a NIP, and when it was made', () => {
    const atCheckout = entryOf('InvoiceRequested', { purchaseId: 'p1', userId: 'u1', via: 'checkout', buyer: { name: 'Gabinet Zażółć sp. z o.o.', nip: '1111111111', address } });
    expect([atCheckout.type, atCheckout.ref, atCheckout.money]).toEqual(['invoicing', null, null]);
    expect(both(atCheckout)).toEqual([
      'Zamówiono fakturę przy zakupie: Gabinet Zażółć sp. z o.o. (NIP 1111111111)',
      'Invoice requested at checkout: Gabinet Zażółć sp. z o.o. (NIP 1111111111)',
    ]);
    const later = entryOf('InvoiceRequested', { purchaseId: 'p1', userId: 'u1', via: 'later', buyer: { name: 'Anna Nowak', nip: null, address } });
    expect(both(later)).toEqual(['Zamówiono fakturę po zakupie: Anna Nowak (bez NIP)', 'Invoice requested after the purchase: Anna Nowak (no NIP)']);
  });

  it('an invoice and its correction say their numbers, the buyer, and the gross in the money column', () => {
    const invoice = entryOf('InvoiceIssued', { userId: 'u1', document: documentOf('invoice', 'FV/2026/000001', 12300, '1111111111'), xml: '<Faktura/>' });
    expect([invoice.type, invoice.ref, invoice.money]).toEqual(['invoicing', null, { amount: 123, currency: 'PLN' }]);
    expect(both(invoice)).toEqual([
      'Wystawiono fakturę FV/2026/000001: Gabinet Zażółć sp. z o.o. (NIP 1111111111)',
      'Invoice FV/2026/000001 issued: Gabinet Zażółć sp. z o.o. (NIP 1111111111)',
    ]);
    const correction = entryOf('CorrectionIssued', { userId: 'u1', refundId: 'r1', document: documentOf('correction', 'KOR/2026/000001', -4000, null), xml: null });
    expect(correction.money).toEqual({ amount: -40, currency: 'PLN' });
    expect(both(correction)).toEqual([
      'Wystawiono korektę KOR/2026/000001 do faktury FV/2026/000001: Gabinet Zażółć sp. z o.o. (bez NIP)',
      'Correction KOR/2026/000001 of invoice FV/2026/000001 issued: Gabinet Zażółć sp. z o.o. (no NIP)',
    ]);
  });

  it('KSeF’s answers name the document by its number, with the KSeF number, the refusal, or the attempt', () => {
    expect(both(entryOf('KsefAccepted', { invoiceId: 'inv-1', ksefNumber: '1111111111-20260115-0100A0B1C2D3-4E', referenceNumber: 'r', acquiredAt: '', upo: '' }))).toEqual([
      'KSeF przyjął FV/2026/000001: numer KSeF 1111111111-20260115-0100A0B1C2D3-4E',
      'KSeF accepted FV/2026/000001: KSeF number 1111111111-20260115-0100A0B1C2D3-4E',
    ]);
    expect(both(entryOf('KsefRejected', { invoiceId: 'inv-1', code: 450, description: 'Błąd weryfikacji semantyki dokumentu', details: [], at: '' }))).toEqual([
      'KSeF odrzucił FV/2026/000001: 450 Błąd weryfikacji semantyki dokumentu',
      'KSeF rejected FV/2026/000001: 450 Błąd weryfikacji semantyki dokumentu',
    ]);
    expect(both(entryOf('KsefResubmitted', { invoiceId: 'inv-1', attempt: 2, at: '' }))).toEqual([
      'Ponownie wysłano FV/2026/000001 do KSeF (próba 2)',
      'FV/2026/000001 sent to KSeF again (attempt 2)',
    ]);
    expect(both(entryOf('KsefResubmitted', { invoiceId: 'gone', attempt: 3, at: '' }))[0]).toBe('Ponownie wysłano dokument nieznany do KSeF (próba 3)');
  });
});
