import { reminderScheduleMessage } from '../meetings/index.ts';
import type { EventMetadata } from '../shared/events/index.ts';
import { appendAlongside, DomainError, handleCommand } from '../shared/kernel/index.ts';
import { accessUntilFor } from './access.ts';
import type { PurchasesDeps } from './deps.ts';
import { ownershipDecider, ownershipStreamOf } from './ownership.ts';
import { purchaseDecider, streamOf } from './purchase.ts';
import type { PurchasesQueries } from './queries.ts';
import type { SeatHandlers } from './seat-handlers.ts';

type GrantInput = { productKey: string; email: string; reason: string; adminId: string; metadata?: EventMetadata };

/**
 * The admin's hand: access to a product granted to a user without a card payment, and taken back. A grant owns the
 * product through the buyer's ownership stream like a payment (claimed in the same transaction, at the version read),
 * so a user can never hold it twice; revoking releases it in the same transaction, and both name the user, so their
 * remembered purchases and cached pages drop on every instance at once. A grant of a product with seats takes one
 * (over the capacity if the admin so decides) and a revocation frees it for the waiting list: both counted by the
 * seats stream's next decision, asked for at once (`seats.offerFree`); a crash before that leaves them to the next one.
 */
export function grantHandlers(deps: PurchasesDeps, queries: PurchasesQueries, seats: Pick<SeatHandlers, 'offerFree'>) {
  const now = () => deps.clock().toISOString();

  return {
    /** Refuses `unknown-product`, `grant-unknown-user`, `grant-reason-missing` or `already-owned`. Answers the grant's id. */
    async grantAccess(input: GrantInput): Promise<{ purchaseId: string; userId: string }> {
      const product = await deps.ports.products(input.productKey);
      if (!product) throw new DomainError('unknown-product');
      const userId = await deps.ports.userIdByEmail(input.email);
      if (!userId) throw new DomainError('grant-unknown-user');
      const purchaseId = deps.ids();
      const metadata = { actor: input.adminId, ...input.metadata };
      let ownership = { owner: null as string | null, version: 0 };
      const grantedAt = deps.clock();
      const grant = { purchaseId, userId, productKey: product.key, reason: input.reason.trim(), grantedBy: input.adminId, grantedAt: grantedAt.toISOString(),
        accessUntil: accessUntilFor(product, grantedAt).toISOString() };
      await handleCommand(deps, purchaseDecider, streamOf(purchaseId), { type: 'GrantAccess', grant, ownedThrough: null }, {
        metadata,
        // A granted place is a place: its holder is reminded of each session like a buyer (meetings plans it).
        outbox: (events) => (events.some((e) => e.type === 'AccessGranted') ? [reminderScheduleMessage(purchaseId)] : []),
        async prepare(tx, cmd) {
          ownership = await queries.ownerOf(userId, product.key, tx);
          return { ...cmd, ownedThrough: ownership.owner };
        },
        async alongside(tx, events) {
          if (!events.some((e) => e.type === 'AccessGranted')) return [];
          const stream = { id: ownershipStreamOf(userId, product.key), version: ownership.version, state: { owner: ownership.owner } };
          const claims = ownershipDecider.decide({ type: 'ClaimOwnership', userId, productKey: product.key, purchaseId, at: grant.grantedAt }, stream.state);
          return appendAlongside(deps.store, tx, stream, claims, ownershipDecider, metadata);
        },
      });
      await seats.offerFree(product.key, metadata);
      return { purchaseId, userId };
    },

    /** Takes a grant back at once. Refuses `grant-not-found` for anything but a grant; revoking twice changes nothing. */
    async revokeAccess(purchaseId: string, adminId: string, extra: EventMetadata = {}): Promise<'revoked' | 'already-revoked'> {
      const metadata = { actor: adminId, ...extra };
      let ownership = { owner: null as string | null, version: 0 };
      const { events } = await handleCommand(deps, purchaseDecider, streamOf(purchaseId), { type: 'RevokeAccess', purchaseId, revokedBy: adminId, at: now() }, {
        metadata,
        async prepare(tx, cmd, state) {
          if (state.status === 'granted') ownership = await queries.ownerOf(state.grant.userId, state.grant.productKey, tx);
          return cmd;
        },
        async alongside(tx, decided) {
          const revoked = decided.find((e) => e.type === 'AccessRevoked');
          if (!revoked) return [];
          const { userId, productKey } = revoked.data;
          const stream = { id: ownershipStreamOf(userId, productKey), version: ownership.version, state: { owner: ownership.owner } };
          const release = ownershipDecider.decide({ type: 'ReleaseOwnership', userId, productKey, purchaseId, at: revoked.data.revokedAt }, stream.state);
          return appendAlongside(deps.store, tx, stream, release, ownershipDecider, metadata);
        },
      });
      const revoked = events.find((e) => e.type === 'AccessRevoked');
      if (revoked) await seats.offerFree(revoked.data.productKey, metadata);
      return revoked ? 'revoked' : 'already-revoked';
    },
  };
}
