import type { Mailing } from '../mailing/index.ts';
import type { Projection } from '../shared/events/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { createCommands, emailKey, MAIL_REQUEST_TOPIC, type MailRequest, type Outcome, type RequestInfo } from './commands.ts';
import { accountTokensProjection, revokedSessionsProjection, usersProjection } from './projections.ts';
import { createRateLimiter, defaultLimits, type ActionLimits, type RateLimitedAction } from './rate-limit.ts';
import { checkPassword, dummyPasswordHash, SESSION_MAX_AGE_SECONDS } from './secrets.ts';
import { createSessions, type SessionUser } from './sessions.ts';

export type { RequestInfo, Outcome } from './commands.ts';
export type { Language } from './user.ts';
export { SESSION_MAX_AGE_SECONDS, MIN_PASSWORD_LENGTH, passwordLongEnough } from './secrets.ts';
export type { SessionUser } from './sessions.ts';

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
  const sessions = createSessions(ctx);
  const issueSession = sessions.issue;
  const purchasedVideos = deps.purchasedVideos ?? (async () => []);

  return {
    projections: [usersProjection, accountTokensProjection, revokedSessionsProjection] as Projection[],
    /** Forgot-password and resend-verification requests, handled off the request path (register with the outbox worker). */
    outboxHandlers: { [MAIL_REQUEST_TOPIC]: (payload) => commands.handleMailRequest(payload as MailRequest) } as Record<string, OutboxHandler>,
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
    authenticate: sessions.authenticate,
    /** Logs out the session a token names, or every session of its user (`everywhere`), on every instance. */
    logout: sessions.logout,

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
