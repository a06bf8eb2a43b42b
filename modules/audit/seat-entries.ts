/**
 * The waiting list's steps in the audit trail (issue 24): someone joins or leaves a product's list, a freed seat is
 * offered, an offer ends, the list closes. The checkouts' holds and payments' seats are left to the purchase entries
 * (a hold per checkout would bury the trail); the product's own history in the panel shows those too.
 */
export type SeatAuditSubject =
  | { kind: 'waitlistJoined'; productKey: string; buyer: string | null }
  | { kind: 'waitlistLeft'; productKey: string; buyer: string | null; reason: string }
  | { kind: 'seatOffered'; productKey: string; buyer: string | null; expiresAt: string | null }
  | { kind: 'offerEnded'; productKey: string; buyer: string | null; reason: string }
  | { kind: 'waitlistClosed'; productKey: string };

export const SEAT_EVENT_TYPES = ['WaitlistJoined', 'WaitlistLeft', 'SeatOffered', 'OfferEnded', 'WaitlistClosed'] as const;

type Data = Record<string, unknown>;
const text = (d: Data, k: string): string | null => (typeof d[k] === 'string' ? d[k] : null);

/** The subject of one waiting list event, or null for another event; tolerant of missing fields like the rest of the trail. */
export function seatSubjectOf(type: string, d: Data): SeatAuditSubject | null {
  const productKey = text(d, 'productKey') ?? '';
  const buyer = text(d, 'userId');
  switch (type) {
    case 'WaitlistJoined': return { kind: 'waitlistJoined', productKey, buyer };
    case 'WaitlistLeft': return { kind: 'waitlistLeft', productKey, buyer, reason: text(d, 'reason') ?? 'left' };
    case 'SeatOffered': return { kind: 'seatOffered', productKey, buyer, expiresAt: text(d, 'expiresAt') };
    case 'OfferEnded': return { kind: 'offerEnded', productKey, buyer, reason: text(d, 'reason') ?? 'expired' };
    case 'WaitlistClosed': return { kind: 'waitlistClosed', productKey };
    default: return null;
  }
}
