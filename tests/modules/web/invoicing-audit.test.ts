import { describe, expect, it } from 'vitest';
import { auditTypeOf, moneyOf, refOf, subjectOf } from '../../../modules/audit/entries.ts';
import type { AuditEntry } from '../../../modules/audit/index.ts';
import { translator } from '../../../src/i18n/index.ts';
import { auditSummary } from '../../../src/server/audit-summary.ts';

const lookups = { articleTitle: () => null, refundOrigin: () => ({ productKey: null, buyer: null }) };
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
