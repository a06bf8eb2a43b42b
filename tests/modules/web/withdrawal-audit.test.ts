import { describe, expect, it } from 'vitest';
import { auditTypeOf, moneyOf, refOf, subjectOf } from '../../../modules/audit/entries.ts';
import type { AuditEntry } from '../../../modules/audit/index.ts';
import { translator } from '../../../src/i18n/index.ts';
import { auditSummary } from '../../../src/server/audit-summary.ts';

const lookups = { articleTitle: () => null, refundOrigin: () => ({ productKey: null, buyer: null }) };

/** A withdrawal is a consequential action: the audit trail says who withdrew from what, what is refunded and what stays paid. */
describe('withdrawal entries of the audit trail', () => {
  it('name the product and buyer by id, the refund as money moved, and the share paid for the service provided', () => {
    const data = { purchaseId: 'p1', statement: { buyer: 'u1', purchase: 'trauma' }, receivedAt: 'x', via: 'link', proRataMinor: 45_050, refundMinor: 44_950, currency: 'PLN' };
    const subject = subjectOf({ type: 'WithdrawalReceived', data }, lookups);
    const entry: AuditEntry = { position: 1, at: new Date(0), type: auditTypeOf('WithdrawalReceived')!, event: 'WithdrawalReceived', actor: { id: 'u1', name: 'Ewa Kupująca' }, subject,
      ref: refOf(subject), money: moneyOf(subject), person: { id: 'u1', name: 'Ewa Kupująca' }, productTitle: { pl: 'Trauma', en: 'Trauma (EN)' } };
    expect([entry.type, entry.ref, entry.money]).toEqual(['purchase', { kind: 'product', id: 'trauma' }, { amount: 449.5, currency: 'PLN' }]);
    expect(auditSummary(entry, translator('pl'), 'pl')).toBe('Odstąpienie od umowy: Trauma, Ewa Kupująca, do zwrotu 449,50 PLN (za część wykonaną 450,50 PLN), dostęp odebrany');
    expect(auditSummary(entry, translator('en'), 'en')).toBe('Withdrawal from the contract: Trauma (EN), Ewa Kupująca, 449.50 PLN to refund (450.50 PLN for the part provided), access revoked');
  });
});
