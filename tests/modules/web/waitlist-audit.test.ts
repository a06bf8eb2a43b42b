import { describe, expect, it } from 'vitest';
import { auditTypeOf, moneyOf, refOf, subjectOf } from '../../../modules/audit/entries.ts';
import type { AuditEntry } from '../../../modules/audit/index.ts';
import { auditSummary } from '../../../src/server/audit-summary.ts';
import { translator } from '../../../src/i18n/index.ts';

const lookups = { articleTitle: () => null, refundOrigin: () => ({ productKey: null, buyer: null }) };
const entryOf = (type: string, data: Record<string, unknown>): AuditEntry => {
  const subject = subjectOf({ type, data }, lookups);
  return { position: 1, at: new Date(0), type: auditTypeOf(type)!, event: type, actor: null, subject, ref: refOf(subject), money: moneyOf(subject),
    person: { id: 'u1', name: 'Basia Czekająca' }, productTitle: { pl: 'Trening oddechu', en: 'Breath training' } };
};

/** Every step of a waiting list is in the audit trail, under "seats", about its product and the person it concerns. */
describe('waiting list entries of the audit trail', () => {
  it('say who joined, who was offered a seat until when (Warsaw time), and how the offer ended', () => {
    const joined = entryOf('WaitlistJoined', { productKey: 'breath', userId: 'u1', at: 'x' });
    expect([joined.type, joined.ref, joined.money]).toEqual(['seats', { kind: 'product', id: 'breath' }, null]);
    expect(auditSummary(joined, translator('pl'), 'pl')).toBe('Lista oczekujących: Trening oddechu, zapis: Basia Czekająca');
    const offered = entryOf('SeatOffered', { productKey: 'breath', offerId: '1', userId: 'u1', at: 'x', expiresAt: '2026-10-25T09:30:00.000Z' });
    expect(auditSummary(offered, translator('en'), 'en')).toContain('Waiting list: Breath training, seat offered to: Basia Czekająca, until');
    expect(auditSummary(offered, translator('en'), 'en')).toContain('10:30');
    const ended = entryOf('OfferEnded', { productKey: 'breath', offerId: '1', userId: 'u1', at: 'x', reason: 'declined' });
    expect(auditSummary(ended, translator('pl'), 'pl')).toBe('Lista oczekujących: Trening oddechu, koniec oferty dla: Basia Czekająca (odrzucona)');
    const left = entryOf('WaitlistLeft', { productKey: 'breath', userId: 'u1', at: 'x', reason: 'refund' });
    expect(auditSummary(left, translator('en'), 'en')).toBe('Waiting list: Breath training, left: Basia Czekająca (refund)');
    expect(auditSummary(entryOf('WaitlistClosed', { productKey: 'breath', at: 'x' }), translator('pl'), 'pl')).toBe('Lista oczekujących zamknięta: Trening oddechu');
  });
});
