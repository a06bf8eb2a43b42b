import { randomUUID } from 'node:crypto';
import { mailMessage } from '../mailing/index.ts';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { handleUserCommand } from './handling.ts';
import { accountMail } from './mails.ts';
import type { RateLimiter } from './rate-limit.ts';
import { hashLinkSecret, hashPassword, newLinkSecret } from './secrets.ts';
import { UserRuleError, type Language } from './user.ts';

const HOUR = 60 * 60 * 1000;
export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_HOURS = 1;

/** Where the request came from: the limits count per client address; links always point at PUBLIC_URL. */
export type RequestInfo = { ip: string; language: Language };

export type Outcome<E extends string, T = object> = ({ ok: true } & T) | { ok: false; error: E };

/** Outbox topic of the queued half of forgot-password and resend-verification. */
export const MAIL_REQUEST_TOPIC = 'accounts.mail-request';
export type MailRequest = { kind: 'forgot' | 'resend'; email: string; language: Language; secret: string };

export const emailKey = (email: string) => email.trim().toLowerCase();

const UNIQUE_VIOLATION = '23505';

export function createCommands(ctx: ModuleContext, limiter: RateLimiter) {
  const site = ctx.config.SITE_NAME;
  const link = (path: string) => new URL(path, ctx.config.PUBLIC_URL).href;
  const later = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

  const findByEmail = (email: string) => ctx.db.selectFrom('user_personal_data')
    .innerJoin('users', 'users.id', 'user_personal_data.user_id')
    .select(['user_personal_data.user_id as id', 'name', 'email', 'status', 'language'])
    .where('email_key', '=', emailKey(email)).executeTakeFirst();

  /** A new verification link for `userId`, mailed to `to` in `language`. */
  async function sendVerification(userId: string, to: { name: string; email: string }, language: Language, secret: string) {
    await handleUserCommand(ctx, userId, { type: 'ResendVerification', tokenHash: hashLinkSecret(secret), language, expiresAt: later(VERIFY_LINK_HOURS) }, {
      outbox: (events) => events.map((e) => mailMessage(`verify:${userId}:${e.streamVersion}`,
        accountMail('verify', { language, site, to: to.email, name: to.name, link: link(`/verify-email/${secret}`) }))),
    });
  }

  /**
   * Queues a mail request for the outbox worker. Its payload holds the address as typed and the link's secret,
   * as the mail row it leads to holds them: the outbox is the delivery queue, not a record.
   */
  async function enqueue(request: MailRequest) {
    await ctx.db.insertInto('outbox').values({
      topic: MAIL_REQUEST_TOPIC, dedupe_key: `accounts:${request.kind}:${hashLinkSecret(request.secret)}`, payload: JSON.stringify(request),
    }).execute();
  }

  return {
    /**
     * Registers a new account and mails a verification link. For an address that already has an account the
     * answer is the same, and its owner is told by e-mail instead: the answer never reveals who is registered.
     */
    async register(input: { name: string; email: string; phone: string; password: string }, req: RequestInfo): Promise<Outcome<'rate-limited'>> {
      if (await limiter.exceeded('register', req.ip, emailKey(input.email))) return { ok: false, error: 'rate-limited' };
      // Hash first in every case, so both branches take the same time.
      const passwordHash = await hashPassword(input.password);
      const existing = await findByEmail(input.email);
      if (existing) {
        await handleUserCommand(ctx, existing.id, { type: 'ReportExistingAddress', language: req.language, now: new Date().toISOString() }, {
          outbox: (events) => events.map((e) => mailMessage(`existing:${existing.id}:${e.streamVersion}`,
            accountMail('existing', { language: existing.language, site, to: existing.email, name: existing.name, link: link('/zaloguj-sie') }))),
        });
        return { ok: true };
      }
      const userId = randomUUID();
      const secret = newLinkSecret();
      const email = input.email.trim();
      try {
        await handleUserCommand(ctx, userId, {
          type: 'Register', userId, language: req.language, tokenHash: hashLinkSecret(secret),
          expiresAt: later(VERIFY_LINK_HOURS), now: new Date().toISOString(),
        }, {
          alongside: async (tx) => {
            await tx.insertInto('user_personal_data').values({
              user_id: userId, name: input.name.trim(), email, email_key: emailKey(email), phone: input.phone.trim(), password_hash: passwordHash,
            }).execute();
          },
          outbox: (events) => events.filter((e) => e.type === 'VerificationEmailSent').map(() => mailMessage(`verify:${userId}:initial`,
            accountMail('verify', { language: req.language, site, to: email, name: input.name.trim(), link: link(`/verify-email/${secret}`) }))),
        });
      } catch (error) {
        // Someone registered the same address a moment ago: the same answer as for any existing address.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      }
      return { ok: true };
    },

    /**
     * Mails a new verification link to an unverified address; the same answer whatever the address. The
     * request only counts the attempt and queues the work (see handleMailRequest), so it takes as long for any address.
     */
    async resendVerification(email: string, req: RequestInfo): Promise<Outcome<'rate-limited'>> {
      if (await limiter.exceeded('resend', req.ip, emailKey(email))) return { ok: false, error: 'rate-limited' };
      await enqueue({ kind: 'resend', email, language: req.language, secret: newLinkSecret() });
      return { ok: true };
    },

    /** Verifies the address a link was sent to; the caller then signs the user in. */
    async verifyEmail(secret: string): Promise<Outcome<'invalid-link', { userId: string }>> {
      const tokenHash = hashLinkSecret(secret);
      const row = await ctx.db.selectFrom('account_tokens').select('user_id')
        .where('token_hash', '=', tokenHash).where('kind', '=', 'verify').executeTakeFirst();
      if (!row) return { ok: false, error: 'invalid-link' };
      try {
        await handleUserCommand(ctx, row.user_id, { type: 'VerifyEmail', tokenHash, now: new Date().toISOString() }, { actor: row.user_id });
        return { ok: true, userId: row.user_id };
      } catch (error) {
        if (error instanceof UserRuleError) return { ok: false, error: 'invalid-link' };
        throw error;
      }
    },

    /** Mails a single-use reset link valid for an hour; the same answer, taking the same time, whether or not the address exists. */
    async requestPasswordReset(email: string, req: RequestInfo): Promise<Outcome<'rate-limited'>> {
      if (await limiter.exceeded('forgot', req.ip, emailKey(email))) return { ok: false, error: 'rate-limited' };
      await enqueue({ kind: 'forgot', email, language: req.language, secret: newLinkSecret() });
      return { ok: true };
    },

    /**
     * The queued half of resendVerification and requestPasswordReset, run by the outbox worker: finds the
     * address and, when there is an account to mail, records the link and queues its mail in one transaction.
     * The link's secret was chosen with the request, so a retried delivery finds its link already on the
     * stream (the decider then records nothing) and the mail is written at most once.
     */
    async handleMailRequest(request: MailRequest): Promise<void> {
      const user = await findByEmail(request.email);
      if (!user) return;
      if (request.kind === 'resend') {
        if (user.status === 'unverified') await sendVerification(user.id, user, user.language, request.secret);
        return;
      }
      const resetHash = hashLinkSecret(request.secret);
      await handleUserCommand(ctx, user.id, { type: 'RequestPasswordReset', resetHash, language: request.language, expiresAt: later(RESET_LINK_HOURS) }, {
        outbox: (events) => events.map((e) => mailMessage(`reset:${user.id}:${e.streamVersion}`,
          accountMail('reset', { language: request.language, site, to: user.email, name: user.name, link: link(`/reset-password/${request.secret}`) }))),
      });
    },

    /** Sets a new password through a reset link; spends the link and revokes every older session token. */
    async resetPassword(secret: string, newPassword: string, req: RequestInfo): Promise<Outcome<'rate-limited' | 'invalid-link'>> {
      const resetHash = hashLinkSecret(secret);
      if (await limiter.exceeded('reset', req.ip, resetHash)) return { ok: false, error: 'rate-limited' };
      const row = await ctx.db.selectFrom('account_tokens').select('user_id')
        .where('token_hash', '=', resetHash).where('kind', '=', 'reset').executeTakeFirst();
      if (!row) return { ok: false, error: 'invalid-link' };
      const passwordHash = await hashPassword(newPassword);
      try {
        await handleUserCommand(ctx, row.user_id, { type: 'ResetPassword', resetHash, now: new Date().toISOString() }, {
          actor: row.user_id,
          alongside: async (tx) => {
            await tx.updateTable('user_personal_data').set({ password_hash: passwordHash }).where('user_id', '=', row.user_id).execute();
          },
        });
        return { ok: true };
      } catch (error) {
        if (error instanceof UserRuleError) return { ok: false, error: 'invalid-link' };
        throw error;
      }
    },
  };
}
