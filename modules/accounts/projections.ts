import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import { USER_EVENT_TYPES, type UserEvent } from './user.ts';
import type { AccountsTables } from './schema.ts';

const isUserEvent = (e: RecordedEvent): e is RecordedEvent & UserEvent => (USER_EVENT_TYPES as readonly string[]).includes(e.type);

/** users: status, language and token version per user. Replay-safe: applying an event twice gives the same row. */
export const usersProjection: Projection<AccountsTables> = {
  name: 'accounts.users',
  tables: ['users'],
  async apply(tx, recorded: RecordedEvent) {
    if (!isUserEvent(recorded)) return;
    const event = recorded as UserEvent;
    switch (event.type) {
      case 'UserRegistered':
        await tx.insertInto('users').values({
          id: event.data.userId, status: 'unverified', language: event.data.language, token_version: 1,
          registered_at: event.data.registeredAt, verified_at: null, password_changed_at: null,
        }).onConflict((c) => c.column('id').doNothing()).execute();
        return;
      case 'AdminAccountCreated':
        await tx.insertInto('users').values({
          id: event.data.userId, status: 'verified', language: event.data.language, token_version: 1,
          registered_at: event.data.createdAt, verified_at: event.data.createdAt, password_changed_at: null,
        }).onConflict((c) => c.column('id').doNothing()).execute();
        return;
      case 'EmailVerified':
        await tx.updateTable('users').set({ status: 'verified', verified_at: event.data.verifiedAt })
          .where('id', '=', event.data.userId).execute();
        return;
      case 'PasswordChanged':
        await tx.updateTable('users').set({ token_version: event.data.tokenVersion, password_changed_at: event.data.changedAt })
          .where('id', '=', event.data.userId).execute();
        return;
      case 'SignedOutEverywhere':
        await tx.updateTable('users').set({ token_version: event.data.tokenVersion }).where('id', '=', event.data.userId).execute();
        return;
      case 'UserDeleted':
        // No row, no session: every token of the user fails authentication on every instance.
        await tx.deleteFrom('users').where('id', '=', event.data.userId).execute();
        return;
      default:
        // The other events change no column here. `language` stays the one chosen at registration:
        // anyone may ask for a reset or a new link, so those requests must not change it.
        return;
    }
  },
};

/** account_tokens: which user an e-mailed link (by the hash of its secret) belongs to. */
export const accountTokensProjection: Projection<AccountsTables> = {
  name: 'accounts.tokens',
  tables: ['account_tokens'],
  async apply(tx, recorded: RecordedEvent) {
    if (!isUserEvent(recorded)) return;
    const event = recorded as UserEvent;
    if (event.type === 'UserDeleted') {
      await tx.deleteFrom('account_tokens').where('user_id', '=', event.data.userId).execute();
      return;
    }
    const row = event.type === 'VerificationEmailSent' ? { token_hash: event.data.tokenHash, user_id: event.data.userId, kind: 'verify' as const }
      : event.type === 'PasswordResetRequested' ? { token_hash: event.data.resetHash, user_id: event.data.userId, kind: 'reset' as const }
      : event.type === 'AdminSignInIssued' ? { token_hash: event.data.tokenHash, user_id: event.data.userId, kind: 'admin' as const }
      : null;
    if (row) await tx.insertInto('account_tokens').values(row).onConflict((c) => c.column('token_hash').doNothing()).execute();
  },
};

/** revoked_sessions: the sessions logged out one by one; authenticate joins it, so a revoked token fails on every instance. */
export const revokedSessionsProjection: Projection<AccountsTables> = {
  name: 'accounts.revoked-sessions',
  tables: ['revoked_sessions'],
  async apply(tx, recorded: RecordedEvent) {
    if (!isUserEvent(recorded)) return;
    const event = recorded as UserEvent;
    if (event.type === 'UserDeleted') await tx.deleteFrom('revoked_sessions').where('user_id', '=', event.data.userId).execute();
    if (event.type !== 'SessionEnded') return;
    await tx.insertInto('revoked_sessions').values({ session_id: event.data.sessionId, user_id: event.data.userId, expires_at: event.data.expiresAt })
      .onConflict((c) => c.column('session_id').doNothing()).execute();
  },
};
