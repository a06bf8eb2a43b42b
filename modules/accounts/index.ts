import type { ModuleDb } from '../shared/db/index.ts';
import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import { DomainError, randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { createRateLimiter } from '../shared/rate-limit/index.ts';
import { firstAdmin } from './first-admin.ts';
import { createHandlers, MAIL_REQUEST_TOPIC, type AccountsRuntime, type MailRequest } from './handlers.ts';
import { countsFor, defaultLimits, keyBuckets } from './limits.ts';
import { createPasswordPool } from './password-pool.ts';
import { accountTokensProjection, revokedSessionsProjection, usersProjection } from './projections.ts';
import { accountByEmail, allAccounts, contactsOf, mailContact, roleOf, verifiedUserIds } from './queries.ts';
import type { AccountsTables } from './schema.ts';
import { SESSION_MAX_AGE_SECONDS } from './secrets.ts';
import { createSessionMemory } from './session-memory.ts';
import { createSessions } from './sessions.ts';
import type { AccountsOptions, AccountsPorts, Profile, SessionUser } from './types.ts';

export type { RequestInfo } from './handlers.ts';
export { MAIL_REQUEST_TOPIC } from './handlers.ts';
export type { AccountsTables } from './schema.ts';
export type { AccountsOptions, AccountsPorts, Profile, PurchasedVideo, SessionUser } from './types.ts';
export { ADMIN_LINK_HOURS, MIN_PASSWORD_LENGTH, passwordLongEnough, type Language } from './user.ts';
export type { AdminLinkStatus } from './first-admin.ts';
export { SESSION_MAX_AGE_SECONDS } from './secrets.ts';
export type { ActionLimits, RateLimitedAction } from './limits.ts';

/**
 * Accounts: registration, verification, login, log-out, password reset, profile. A refused request throws
 * DomainError: `rate-limited`, `invalid-credentials`, `unverified`, `verify-link-invalid`, `reset-link-invalid`,
 * `password-too-short`, `busy` (more passwords waiting to be hashed or checked than PASSWORD_QUEUE_MAX, with `retryAfter` seconds).
 */
export function createAccounts(ctx: ModuleContext, ports: AccountsPorts, options: AccountsOptions = {}) {
  const db = ctx.db as unknown as ModuleDb<AccountsTables>;
  const clock = ctx.clock ?? systemClock;
  const limiter = createRateLimiter(db, { clock });
  const limits = { ...defaultLimits, ...options.limits };
  const rt: AccountsRuntime = {
    db, clock, ids: ctx.ids ?? randomIds, config: ctx.config,
    passwords: options.passwords ?? createPasswordPool({ queueMax: ctx.config.PASSWORD_QUEUE_MAX }),
    kernel: { db, store: ctx.store },
    async limit(action, ip, key) {
      if (await limiter.exceeded(...countsFor(limits[action], action, ip, key))) throw new DomainError('rate-limited');
    },
    forgetCounters: (key) => limiter.forget(...keyBuckets(key)),
  };
  const handlers = createHandlers(rt);
  const memory = options.log ? createSessionMemory(options.log, clock) : null;
  const sessions = createSessions(rt, memory);
  const first = firstAdmin(rt, ctx.log);

  return {
    projections: [usersProjection, accountTokensProjection, revokedSessionsProjection] as Projection[],
    /** Forgot-password and resend-verification requests, handled off the request path (register with the outbox worker). */
    outboxHandlers: { [MAIL_REQUEST_TOPIC]: (payload) => handlers.handleMailRequest(payload as MailRequest) } as Record<string, OutboxHandler>,
    sessionMaxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    register: handlers.register,
    resendVerification: handlers.resendVerification,
    requestPasswordReset: handlers.requestPasswordReset,
    resetPassword: handlers.resetPassword,

    /** Verifies the address and signs the user in: the session token to hand back. */
    async verifyEmail(secret: string): Promise<string> {
      const { userId, tokenVersion } = await handlers.verifyEmail(secret);
      return sessions.startVerified(userId, tokenVersion);
    },

    /** A session token for the right password of a verified address. */
    login: sessions.login,
    /** The user a session token (JWT) belongs to, or null when it is missing, invalid, expired or revoked. */
    authenticate: sessions.authenticate,
    /** The user of a session token from memory alone (no query): undefined when only the database can tell. */
    recallSession: sessions.recall,
    /** Events committed by any instance: sessions of the users they concern are asked of the database again. */
    forgetSessions: (events: readonly RecordedEvent[]) => memory?.forget(events),
    /** Logs out the session a token names, or every session of its user (`everywhere`), on every instance. */
    logout: sessions.logout,

    /** Name, address and chosen language for mail to a user (e.g. purchase confirmations); null once erased. */
    mailContact: (userId: string) => mailContact(db, userId),
    /** Name, e-mail and phone of each of these users still holding personal data (the admin's attendee lists). */
    contacts: (userIds: readonly string[]) => contactsOf(db, userIds),
    /** The id of the account registered with this address (any letter case), or null (the admin grants access by address). */
    userIdByEmail: async (email: string) => (await accountByEmail(db, email))?.id ?? null,
    /** Every verified, not erased account by id: who a mass e-mail to all users addresses. */
    verifiedUserIds: () => verifiedUserIds(db),

    async profile(user: SessionUser): Promise<Profile> {
      return { ...user, purchasedVideos: await ports.purchases.purchasedVideos(user.id) };
    },

    /**
     * Every user as the admin panel lists them (spec 7, GET /api/users): role and purchased titles included; with
     * `search`, only those whose name, e-mail or phone contains it.
     */
    async users(search?: string): Promise<Profile[]> {
      const accounts = await allAccounts(db, search);
      return Promise.all(accounts.map(async (a) => ({
        ...a, role: roleOf(ctx.config.ADMIN_EMAILS, a.email), purchasedVideos: await ports.purchases.purchasedVideos(a.id),
      })));
    },

    /**
     * DELETE /api/users/{id} (admin): the user can no longer log in, every token of theirs fails, and their name,
     * address, phone and password hash are gone from every table; their purchases stay. Refusals: `cannot-delete-admin`, `not-registered`.
     */
    async deleteUser(userId: string, adminId: string): Promise<void> {
      const person = await handlers.deleteUser(userId, adminId);
      if (person) await ports.people.forgetAddress(person.email);
    },

    /** On a database with no users, the first admin's account and its one-time sign-in link; null on every later call. */
    bootstrapFirstAdmin: first.bootstrap,
    /** Whether a first-admin sign-in link would work now (GET /admin-sign-in/{token}: shows, spends nothing). */
    adminLinkStatus: first.linkStatus,
    /** Spends a first-admin sign-in link (once, within 24 hours) and answers a session token. Refusals: `admin-link-invalid`, `admin-link-expired`. */
    async signInWithAdminLink(secret: string): Promise<string> {
      const { userId, tokenVersion } = await first.signIn(secret);
      return sessions.startVerified(userId, tokenVersion);
    },

    /**
     * No demo content: people register themselves (ADMIN_EMAILS makes an admin). On a database with no users,
     * the first start makes the first admin's account and prints its one-time sign-in link to the log.
     */
    async seed(): Promise<void> {
      const made = await this.bootstrapFirstAdmin();
      if (made) {
        ctx.log.info({ adminSignInLink: made.link, admin: made.email },
          `FIRST ADMIN: account ${made.email} created. Sign in to the admin panel once, within 24 hours, at ${made.link}`);
      }
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
