import { sql } from 'kysely';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { emailKey } from './commands.ts';
import { handleUserCommand } from './handling.ts';
import { createSessionTokens } from './secrets.ts';
import { UserRuleError } from './user.ts';

/** Who is calling, as the web layer sees it. */
export type SessionUser = { id: string; name: string; email: string; phone: string; role: 'admin' | 'user' };

/**
 * Session tokens are JWTs naming a session id and the user's token version. Revocation lives in PostgreSQL,
 * so it holds on every instance: a log-out records the session id in revoked_sessions; a log-out everywhere
 * (like a password change) bumps users.token_version. Checking both is one query: the user row left-joined
 * to the revocation row of this session id.
 */
export function createSessions(ctx: ModuleContext) {
  const tokens = createSessionTokens(ctx.config.JWT_SECRET);
  const roleOf = (email: string): SessionUser['role'] => (ctx.config.ADMIN_EMAILS.includes(emailKey(email)) ? 'admin' : 'user');

  return {
    /** A new session for a verified user, or null (unknown, unverified or erased). */
    async issue(userId: string): Promise<string | null> {
      const user = await ctx.db.selectFrom('users')
        .innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
        .select(['users.id', 'email', 'status', 'token_version'])
        .where('users.id', '=', userId).executeTakeFirst();
      if (!user || user.status !== 'verified') return null;
      return tokens.sign({ sub: user.id, role: roleOf(user.email), ver: user.token_version });
    },

    /** The user a session token belongs to, or null when it is missing, invalid, expired or revoked. */
    async authenticate(token: string | null): Promise<SessionUser | null> {
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await ctx.db.selectFrom('users')
        .innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
        .leftJoin('revoked_sessions', (j) => j.on('revoked_sessions.session_id', '=', claims.sid))
        .select(['users.id', 'name', 'email', 'phone', 'status', 'token_version', 'revoked_sessions.session_id as revoked'])
        .where('users.id', '=', claims.sub).executeTakeFirst();
      if (!user || user.status !== 'verified' || user.token_version !== claims.ver || user.revoked !== null) return null;
      return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: roleOf(user.email) };
    },

    /**
     * Ends the session `token` names, or with `everywhere` every session of its user. A token that is
     * invalid or already revoked changes nothing: log-out always succeeds for the caller.
     */
    async logout(token: string | null, scope: 'this' | 'everywhere'): Promise<void> {
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) return;
      const now = new Date().toISOString();
      try {
        if (scope === 'everywhere') {
          await handleUserCommand(ctx, claims.sub, { type: 'EndAllSessions', sessionId: claims.sid, tokenVersion: claims.ver, now }, { actor: claims.sub });
          return;
        }
        await handleUserCommand(ctx, claims.sub, {
          type: 'EndSession', sessionId: claims.sid, tokenVersion: claims.ver, expiresAt: new Date(claims.exp * 1000).toISOString(), now,
        }, {
          actor: claims.sub,
          // A revocation only matters until its token expires; dropping the expired ones here keeps the table small.
          alongside: async (tx) => { await tx.deleteFrom('revoked_sessions').where('expires_at', '<', sql<Date>`now()`).execute(); },
        });
      } catch (error) {
        // The account was erased meanwhile: its tokens already fail authentication.
        if (!(error instanceof UserRuleError)) throw error;
      }
    },
  };
}
