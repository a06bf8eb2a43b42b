import type { Mailing } from '../mailing/index.ts';
import type { Projection } from '../shared/events/index.ts';
import type { ModuleContext } from '../shared/module.ts';
import { createCommands, emailKey, type Outcome, type RequestInfo } from './commands.ts';
import { accountTokensProjection, usersProjection } from './projections.ts';
import { createRateLimiter, defaultLimits, type ActionLimits, type RateLimitedAction } from './rate-limit.ts';
import { checkPassword, createSessionTokens, dummyPasswordHash, SESSION_MAX_AGE_SECONDS } from './secrets.ts';

export type { RequestInfo, Outcome } from './commands.ts';
export type { Language } from './user.ts';
export { SESSION_MAX_AGE_SECONDS } from './secrets.ts';

/** Who is calling, as the web layer sees it. */
export type SessionUser = { id: string; name: string; email: string; phone: string; role: 'admin' | 'user' };

export type PurchasedVideo = { key: string; purchaseDate: string };

export type Profile = SessionUser & { purchasedVideos: PurchasedVideo[] };

export type AccountsDeps = {
  mailing: Mailing;
  /** Where purchases plug in: the items a user owns, for the profile. Until the purchases module exists, none. */
  purchasedVideos?: (userId: string) => Promise<PurchasedVideo[]>;
  /** Rate limits; tests pass small ones. */
  limits?: Partial<Record<RateLimitedAction, ActionLimits>>;
};

/** Accounts: registration, verification, login, password reset, profile. */
export function createAccounts(ctx: ModuleContext, deps: AccountsDeps) {
  const limiter = createRateLimiter(ctx.db, { ...defaultLimits, ...deps.limits });
  const commands = createCommands(ctx, limiter);
  const sessions = createSessionTokens(ctx.config.JWT_SECRET);
  const purchasedVideos = deps.purchasedVideos ?? (async () => []);
  const roleOf = (email: string): SessionUser['role'] => (ctx.config.ADMIN_EMAILS.includes(emailKey(email)) ? 'admin' : 'user');

  /** A verified user with their personal data, or undefined (unknown, unverified or erased). */
  const findUser = (id: string) => ctx.db.selectFrom('users')
    .innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
    .select(['users.id', 'name', 'email', 'phone', 'status', 'token_version', 'password_hash'])
    .where('users.id', '=', id).executeTakeFirst();

  async function issueSession(userId: string): Promise<string | null> {
    const user = await findUser(userId);
    if (!user || user.status !== 'verified') return null;
    return sessions.sign({ sub: user.id, role: roleOf(user.email), ver: user.token_version });
  }

  return {
    projections: [usersProjection, accountTokensProjection] as Projection[],
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    register: commands.register,
    resendVerification: commands.resendVerification,
    requestPasswordReset: commands.requestPasswordReset,
    resetPassword: commands.resetPassword,

    /** Verifies the address and signs the user in: the session token to hand back. */
    async verifyEmail(secret: string): Promise<Outcome<'invalid-link', { token: string }>> {
      const verified = await commands.verifyEmail(secret);
      if (!verified.ok) return verified;
      const token = await issueSession(verified.userId);
      return token ? { ok: true, token } : { ok: false, error: 'invalid-link' };
    },

    /** One answer for an unknown address and a wrong password; an unverified address is told so only with the right password. */
    async login(email: string, password: string, req: RequestInfo): Promise<Outcome<'rate-limited' | 'invalid-credentials' | 'unverified', { token: string }>> {
      if (await limiter.exceeded('login', req.ip, emailKey(email))) return { ok: false, error: 'rate-limited' };
      const row = await ctx.db.selectFrom('user_personal_data').select(['user_id', 'password_hash'])
        .where('email_key', '=', emailKey(email)).executeTakeFirst();
      const matches = await checkPassword(password, row?.password_hash ?? await dummyPasswordHash());
      if (!row || !matches) return { ok: false, error: 'invalid-credentials' };
      const token = await issueSession(row.user_id);
      return token ? { ok: true, token } : { ok: false, error: 'unverified' };
    },

    /** The user a session token (JWT) belongs to, or null when it is missing, invalid, expired or revoked. */
    async authenticate(token: string | null): Promise<SessionUser | null> {
      if (!token) return null;
      const claims = await sessions.verify(token);
      if (!claims) return null;
      const user = await findUser(claims.sub);
      // A password change bumps the version: every token issued before it stops working.
      if (!user || user.status !== 'verified' || user.token_version !== claims.ver) return null;
      return { id: user.id, name: user.name, email: user.email, phone: user.phone, role: roleOf(user.email) };
    },

    /** Name, address and chosen language for mail to a user (e.g. purchase confirmations); null once erased. */
    async mailContact(userId: string): Promise<{ name: string; email: string; language: 'pl' | 'en' } | null> {
      const row = await ctx.db.selectFrom('users')
        .innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
        .select(['name', 'email', 'language']).where('users.id', '=', userId).executeTakeFirst();
      return row ?? null;
    },

    async profile(user: SessionUser): Promise<Profile> {
      return { ...user, purchasedVideos: await purchasedVideos(user.id) };
    },

    /** Accounts have no demo content: people register themselves (ADMIN_EMAILS makes an admin). */
    async seed(): Promise<void> {},
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
