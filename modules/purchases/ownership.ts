import { DomainError, type Decider } from '../shared/kernel/index.ts';

/**
 * Who owns a product for one buyer: a stream per (buyer, product), `ownership-<userId>:<productKey>`.
 * Every paid purchase claims it in the same transaction as its PurchaseCompleted, at the version it was
 * read at, so of two payments racing on any number of server instances exactly one becomes the owner;
 * the other's append fails on the stream version, is decided again, and sees the product owned.
 */
export type OwnershipClaimed = {
  type: 'OwnershipClaimed';
  data: { userId: string; productKey: string; purchaseId: string; claimedAt: string };
};
/** A grant by hand was revoked: the product is no longer owned, and may be bought or granted again. */
export type OwnershipReleased = {
  type: 'OwnershipReleased';
  data: { userId: string; productKey: string; purchaseId: string; releasedAt: string };
};
export type OwnershipEvent = OwnershipClaimed | OwnershipReleased;

export type OwnershipState = { owner: string | null };

export const initialOwnership = (): OwnershipState => ({ owner: null });

export function evolveOwnership(state: OwnershipState, event: OwnershipEvent): OwnershipState {
  switch (event.type) {
    case 'OwnershipClaimed': return state.owner === null ? { owner: event.data.purchaseId } : state;
    case 'OwnershipReleased': return state.owner === event.data.purchaseId ? { owner: null } : state;
    default: { const never: never = event; return never; }
  }
}

export type ClaimOwnership = { type: 'ClaimOwnership'; userId: string; productKey: string; purchaseId: string; at: string };
export type ReleaseOwnership = { type: 'ReleaseOwnership'; userId: string; productKey: string; purchaseId: string; at: string };

/**
 * A product is owned once: the first paid (or granted) purchase claims it, the same purchase claiming again changes
 * nothing. Only the owning purchase can release it; releasing what it does not own changes nothing.
 */
export function decideOwnership(command: ClaimOwnership | ReleaseOwnership, state: OwnershipState): OwnershipEvent[] {
  const { userId, productKey, purchaseId } = command;
  if (command.type === 'ReleaseOwnership') {
    return state.owner === purchaseId ? [{ type: 'OwnershipReleased', data: { userId, productKey, purchaseId, releasedAt: command.at } }] : [];
  }
  if (state.owner === command.purchaseId) return [];
  if (state.owner !== null) throw new DomainError('owned-through-another-purchase', { owner: state.owner });
  return [{ type: 'OwnershipClaimed', data: { userId: command.userId, productKey: command.productKey, purchaseId: command.purchaseId, claimedAt: command.at } }];
}

export const ownershipStreamOf = (userId: string, productKey: string) => `ownership-${userId}:${productKey}`;

export const ownershipDecider: Decider<ClaimOwnership | ReleaseOwnership, OwnershipEvent, OwnershipState> = {
  decide: decideOwnership, evolve: evolveOwnership, initialState: initialOwnership,
  concerns: { OwnershipClaimed: (e) => [e.data.userId], OwnershipReleased: (e) => [e.data.userId] },
};
