import { describe, expect, it } from 'vitest';
import { decideRefundId, refundIdDecider } from '../../../modules/purchases/refund-ids.ts';

const claim = (purchaseId: string) => ({ type: 'ClaimRefundId' as const, refundId: 'r-1', purchaseId, userId: 'u1', at: '2026-12-07T10:00:00.000Z' });
const refusal = (run: () => unknown) => { try { run(); return 'accepted'; } catch (error) { return (error as { code?: string }).code; } };

describe('a refund id belongs to one purchase', () => {
  it('given no claim, when a purchase claims the id, then it is claimed for that purchase', () => {
    const events = decideRefundId(claim('p-1'), refundIdDecider.initialState());
    expect(events).toEqual([{ type: 'RefundIdClaimed', data: { refundId: 'r-1', purchaseId: 'p-1', userId: 'u1', claimedAt: '2026-12-07T10:00:00.000Z' } }]);
    expect(events.reduce(refundIdDecider.evolve, refundIdDecider.initialState())).toEqual({ purchaseId: 'p-1' });
  });

  it('given the id claimed by a purchase, when the same purchase claims it again, then nothing changes', () => {
    expect(decideRefundId(claim('p-1'), { purchaseId: 'p-1' })).toEqual([]);
  });

  it('given the id claimed by a purchase, when another purchase claims it, then it is refused as taken', () => {
    expect(refusal(() => decideRefundId(claim('p-2'), { purchaseId: 'p-1' }))).toBe('refund-id-taken');
  });
});
