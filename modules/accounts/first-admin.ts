import type { Logger } from 'pino';
import { appendAlongside, DomainError, handleCommand, loadState, type Concerns } from '../shared/kernel/index.ts';
import type { AccountsRuntime } from './handlers.ts';
import { emailKey, linkOwner } from './queries.ts';
import { hashLinkSecret, newLinkSecret } from './secrets.ts';
import { userDecider, userStream } from './user.ts';

/**
 * One stream for the whole database that says the first admin was made. Appending its first event at version 0
 * in the same transaction as the account is the guard: two instances starting at once on one PostgreSQL both
 * try, the second finds the stream taken, decides again and records nothing.
 */
export const FIRST_ADMIN_STREAM = 'accounts-first-admin';

export type FirstAdminCreated = { type: 'FirstAdminCreated'; data: { userId: string; createdAt: string } };
/** The guard stream's one event concerns the admin it made (whose own stream says so too). */
export const firstAdminGuard: { concerns: Concerns<FirstAdminCreated, null> } = { concerns: { FirstAdminCreated: (e) => [e.data.userId] } };

/** No bcrypt hash is one character long, so no password ever matches it: the first admin signs in by the link or sets one via forgot-password. */
const NO_PASSWORD = '!';
const FIRST_ADMIN_NAME = 'Administrator';

export type AdminLinkStatus = 'valid' | 'invalid' | 'expired';

export function firstAdmin(rt: AccountsRuntime, log: Logger) {
  const now = () => rt.clock().toISOString();
  return {
    /**
     * On a database with no users, makes the account of the first ADMIN_EMAILS address (verified, no password)
     * and answers its one-time sign-in link, valid 24 hours; answers null on every later start and when there
     * is no admin address (production without ADMIN_EMAILS: a warning, since nobody can reach the panel).
     */
    async bootstrap(): Promise<{ email: string; link: string } | null> {
      const email = rt.config.ADMIN_EMAILS[0];
      if (!email) {
        const anyUser = await rt.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
        if (!anyUser) log.warn('ADMIN_EMAILS is not set: no admin account was made, so nobody can reach the admin panel');
        return null;
      }
      const userId = rt.ids();
      const secret = newLinkSecret();
      const createdAt = now();
      const decided = await handleCommand(rt.kernel, userDecider, userStream(userId),
        { type: 'CreateFirstAdmin', userId, tokenHash: hashLinkSecret(secret), alreadyMade: false, now: createdAt }, {
          metadata: { actor: null },
          prepare: async (tx, command) => {
            const made = (await rt.kernel.store.readStream(FIRST_ADMIN_STREAM, tx)).length > 0;
            const anyUser = await tx.selectFrom('users').select('id').limit(1).executeTakeFirst();
            return { ...command, alreadyMade: made || anyUser !== undefined };
          },
          alongside: async (tx) => {
            // The guard first: a second instance stops here (and decides again) before touching the address.
            await appendAlongside(rt.kernel.store, tx, { id: FIRST_ADMIN_STREAM, version: 0, state: null },
              [{ type: 'FirstAdminCreated', data: { userId, createdAt } }], firstAdminGuard, { actor: null });
            await tx.insertInto('user_personal_data').values({
              user_id: userId, name: FIRST_ADMIN_NAME, email, email_key: emailKey(email), phone: '', password_hash: NO_PASSWORD,
            }).execute();
          },
        });
      if (decided.events.length === 0) return null;
      return { email, link: new URL(`/admin-sign-in/${secret}`, rt.config.PUBLIC_URL).href };
    },

    /** Whether a sign-in link would work now, without spending it (the page a link scanner may open). */
    async linkStatus(secret: string): Promise<AdminLinkStatus> {
      const tokenHash = hashLinkSecret(secret);
      const userId = await linkOwner(rt.db, tokenHash, 'admin');
      if (!userId) return 'invalid';
      const { state } = await loadState(rt.kernel, userDecider, userStream(userId));
      try {
        userDecider.decide({ type: 'SignInWithAdminLink', tokenHash, now: now() }, state);
        return 'valid';
      } catch (error) {
        return error instanceof DomainError && error.code === 'admin-link-expired' ? 'expired' : 'invalid';
      }
    },

    /** Spends a sign-in link: whose it is and their token version (the caller then signs them in). */
    async signIn(secret: string): Promise<{ userId: string; tokenVersion: number }> {
      const tokenHash = hashLinkSecret(secret);
      const userId = await linkOwner(rt.db, tokenHash, 'admin');
      if (!userId) throw new DomainError('admin-link-invalid');
      const { state } = await handleCommand(rt.kernel, userDecider, userStream(userId), { type: 'SignInWithAdminLink', tokenHash, now: now() },
        { metadata: { actor: userId } });
      return { userId, tokenVersion: state.status === 'registered' ? state.tokenVersion : 0 };
    },
  };
}
