import { DomainError, handleCommand, isDomainError, loadState } from '../shared/kernel/index.ts';
import type { AccountsRuntime, RequestInfo } from './handlers.ts';
import { accountByEmail, emailKey, mailContact, roleOf, sessionAccount, sessionIsLive } from './queries.ts';
import { createSessionTokens, DUMMY_PASSWORD_HASH } from './secrets.ts';
import type { SessionMemory } from './session-memory.ts';
import type { SessionUser } from './types.ts';
import { userDecider, userStream } from './user.ts';

/**
 * Session tokens are JWTs naming a session id and the user's token version. Revocation lives in PostgreSQL,
 * so it holds on every instance: a log-out records the session id in revoked_sessions; a log-out everywhere
 * (like a password change) bumps users.token_version. Checking both is one query: the user row left-joined
 * to the revocation row of this session id.
 */
export function createSessions(rt: AccountsRuntime, memory: SessionMemory | null = null) {
  const tokens = createSessionTokens(rt.config.JWT_SECRET, rt.clock, rt.ids);
  const role = (email: string): SessionUser['role'] => roleOf(rt.config.ADMIN_EMAILS, email);

  /** A new session for a user the stream let in: signed with its current token version. */
  const issue = (userId: string, email: string, tokenVersion: number) => tokens.sign({ sub: userId, role: role(email), ver: tokenVersion });

  return {
    /** A session for a user whose address was just verified, at the token version the verification left. */
    async startVerified(userId: string, tokenVersion: number): Promise<string> {
      const contact = await mailContact(rt.db, userId);
      // Erased a moment after verifying: the link no longer leads anywhere.
      if (!contact) throw new DomainError('verify-link-invalid');
      return issue(userId, contact.email, tokenVersion);
    },

    /** One answer for an unknown address and a wrong password; an unverified address is told so only with the right password. */
    async login(email: string, password: string, req: RequestInfo): Promise<string> {
      rt.passwords.assertRoom();
      await rt.limit('login', req.ip, emailKey(email));
      const account = await accountByEmail(rt.db, email);
      const passwordMatches = await rt.passwords.check(password, account?.password_hash ?? DUMMY_PASSWORD_HASH);
      const { state } = account ? await loadState(rt.kernel, userDecider, userStream(account.id)) : { state: userDecider.initialState() };
      // Refuses a wrong password or an unknown address (invalid-credentials), then an unverified one (unverified).
      userDecider.decide({ type: 'SignIn', passwordMatches }, state);
      if (account && state.status === 'registered') return issue(account.id, account.email, state.tokenVersion);
      throw new DomainError('invalid-credentials');
    },

    /** The user a session token belongs to, or null when it is missing, invalid, expired or revoked. */
    async authenticate(token: string | null): Promise<SessionUser | null> {
      const claims = token ? await tokens.verify(token) : null;
      if (!token || !claims) return null;
      const known = memory?.recall(token);
      if (known !== undefined) return known;
      const at = memory?.generation() ?? 0;
      const account = await sessionAccount(rt.db, claims.sub, claims.sid);
      const user: SessionUser | null = account && sessionIsLive(account, claims.ver)
        ? { id: account.id, name: account.name, email: account.email, phone: account.phone, role: role(account.email) } : null;
      memory?.remember(token, at, { userId: claims.sub, user, exp: claims.exp });
      return user;
    },

    /**
     * The user of a session from memory alone, for the front server's cached answers (src/server/page-cache/front-server.ts):
     * undefined when this process cannot tell without the database.
     */
    recall(token: string): SessionUser | null | undefined {
      return memory?.recall(token);
    },

    /**
     * Ends the session `token` names, or with `everywhere` every session of its user. A token that is
     * invalid or already revoked changes nothing: log-out always succeeds for the caller.
     */
    async logout(token: string | null, scope: 'this' | 'everywhere'): Promise<void> {
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) return;
      const now = rt.clock();
      const session = { sessionId: claims.sid, tokenVersion: claims.ver, now: now.toISOString() };
      try {
        await handleCommand(rt.kernel, userDecider, userStream(claims.sub), scope === 'everywhere'
          ? { type: 'EndAllSessions', ...session }
          : { type: 'EndSession', ...session, expiresAt: new Date(claims.exp * 1000).toISOString() }, {
          metadata: { actor: claims.sub },
          // A revocation only matters until its token expires; dropping the expired ones here keeps the table small.
          alongside: async (tx) => { await tx.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute(); },
        });
      } catch (error) {
        // The account was erased meanwhile: its tokens already fail authentication.
        if (!isDomainError(error, 'not-registered')) throw error;
      }
    },
  };
}
