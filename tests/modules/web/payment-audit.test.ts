import { describe, expect, it } from 'vitest';
import { auditTypeOf, moneyOf, refOf, subjectOf } from '../../../modules/audit/entries.ts';
import type { AuditEntry } from '../../../modules/audit/index.ts';
import { auditSummary } from '../../../src/server/audit-summary.ts';
import { translator } from '../../../src/i18n/index.ts';

const lookups = { articleTitle: () => null, refundOrigin: () => ({ productKey: null, buyer: null }) };
const payment = { purchaseId: 'p1', userId: 'u1', productKey: 'trauma', currency: 'PLN', provider: 'stripe', providerSessionId: 'cs', paymentIntentId: 'pi', paidAt: 'x' };
const entryOf = (type: string, data: Record<string, unknown>): AuditEntry => {
  const subject = subjectOf({ type, data }, lookups);
  return { position: 1, at: new Date(0), type: auditTypeOf(type)!, event: type, actor: null, subject, ref: refOf(subject), money: moneyOf(subject),
    person: { id: 'u1', name: 'Ewa Kupująca' }, productTitle: { pl: 'Trauma', en: 'Trauma (EN)' } };
};

/** The audit trail names what the admin must know about who paid what: a wrong sum, a grant and its reason, a revocation. */
describe('payment entries of the audit trail', () => {
  it('say a payment of another sum is a mismatch, with the sum paid (exact, to the grosz) and the sum asked', () => {
    const entry = entryOf('PaymentMismatchReceived', { ...payment, amount: 23, amountMinor: 2_299, asked: { amountMinor: 239_000, currency: 'PLN' } });
    expect([entry.type, entry.ref, entry.money]).toEqual(['purchase', { kind: 'product', id: 'trauma' }, { amount: 22.99, currency: 'PLN' }]);
    expect(auditSummary(entry, translator('pl'), 'pl')).toBe('Niezgodna kwota: Trauma, zapłacono 22,99 PLN zamiast 2390,00 PLN, Ewa Kupująca (bez dostępu)');
    const nothing = entryOf('PaymentMismatchReceived', { ...payment, currency: 'USD', amountMinor: 100, asked: null });
    expect(auditSummary(nothing, translator('en'), 'en')).toBe('Amount mismatch: Trauma (EN), paid 1.00 USD instead of nothing (no price in this currency), Ewa Kupująca (no access)');
  });

  it('say who was granted a product by hand and why, and when it was taken back, with no money', () => {
    const granted = entryOf('AccessGranted', { purchaseId: 'g1', userId: 'u1', productKey: 'trauma', reason: 'przelew 12.11', grantedBy: 'a', grantedAt: 'x', accessUntil: 'y' });
    expect([granted.type, granted.money, granted.ref]).toEqual(['purchase', null, { kind: 'product', id: 'trauma' }]);
    expect(auditSummary(granted, translator('pl'), 'pl')).toBe('Dostęp przyznany ręcznie: Trauma, Ewa Kupująca (przelew 12.11)');
    const revoked = entryOf('AccessRevoked', { purchaseId: 'g1', userId: 'u1', productKey: 'trauma', revokedBy: 'a', revokedAt: 'x' });
    expect(auditSummary(revoked, translator('en'), 'en')).toBe('Access revoked: Trauma (EN), Ewa Kupująca');
  });
});
