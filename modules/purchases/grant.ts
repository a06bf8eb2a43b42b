/**
 * Access given by hand (a bank transfer, a free place for a facilitator or a student): the admin grants a product to
 * a user with a reason, on a purchase stream of its own, and may take it back. Both are events in the audit trail;
 * a grant owns its product like a payment does (the ownership stream, claimed and released beside these events).
 */
import { DomainError } from '../shared/kernel/index.ts';

export type AccessGranted = {
  type: 'AccessGranted';
  data: { purchaseId: string; userId: string; productKey: string; reason: string; grantedBy: string | null; grantedAt: string; accessUntil: string };
};
export type AccessRevoked = {
  type: 'AccessRevoked';
  data: { purchaseId: string; userId: string; productKey: string; revokedBy: string | null; revokedAt: string };
};

export type GrantState =
  | { status: 'granted'; grant: AccessGranted['data']; playbackStartedAt: string | null }
  | { status: 'revoked'; grant: AccessGranted['data']; revocation: AccessRevoked['data'] };

/** `ownedThrough`: the purchase (paid or granted) that already owns the product for this user, read from the ownership stream. */
export type GrantAccess = { type: 'GrantAccess'; grant: AccessGranted['data']; ownedThrough: string | null };
export type RevokeAccess = { type: 'RevokeAccess'; purchaseId: string; revokedBy: string | null; at: string };
export type GrantCommand = GrantAccess | RevokeAccess;

export type GrantRule = 'already-owned' | 'grant-reason-missing' | 'grant-not-found' | 'grant-exists';

/**
 * A grant needs a reason and a user who does not own the product yet (`already-owned`); its stream must be new
 * (`grant-exists`). Only a grant can be revoked (`grant-not-found`), and revoking twice records nothing more.
 */
export function grantDecisions(command: GrantCommand, state: { status: string } | GrantState): (AccessGranted | AccessRevoked)[] {
  switch (command.type) {
    case 'GrantAccess':
      if (state.status !== 'none') throw new DomainError<GrantRule>('grant-exists');
      if (command.grant.reason.trim() === '') throw new DomainError<GrantRule>('grant-reason-missing');
      if (command.ownedThrough !== null) throw new DomainError<GrantRule>('already-owned');
      return [{ type: 'AccessGranted', data: command.grant }];
    case 'RevokeAccess': {
      if (state.status === 'revoked') return [];
      if (state.status !== 'granted') throw new DomainError<GrantRule>('grant-not-found');
      const { grant } = state as Extract<GrantState, { status: 'granted' }>;
      return [{ type: 'AccessRevoked', data: {
        purchaseId: command.purchaseId, userId: grant.userId, productKey: grant.productKey, revokedBy: command.revokedBy, revokedAt: command.at,
      } }];
    }
    default: { const never: never = command; return never; }
  }
}
