import { awaitedMailMessage } from '../mailing/index.ts';
import type { Config } from '../shared/config/index.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import { DomainError, handleCommand, type Clock, type CommandDeps, type CommandOptions, type IdSource } from '../shared/kernel/index.ts';
import { addToOutbox } from '../shared/outbox/index.ts';
import type { RateLimitedAction } from './limits.ts';
import { erasePersonalData, type Person } from './erasure.ts';
import { accountMail, type AccountMailKind } from './mails.ts';
import { accountByEmail, emailKey, linkOwner, personalData, roleOf } from './queries.ts';
import type { AccountsTables } from './schema.ts';
import type { PasswordPool } from './password-pool.ts';
import { hashLinkSecret, newLinkSecret } from './secrets.ts';
import { userDecider, userStream, type Language, type UserCommand, type UserEvent, type UserState } from './user.ts';

/** What the accounts handlers share: the module's own tables, the kernel, the clock, ids and the rate limits. */
export type AccountsRuntime = {
  db: ModuleDb<AccountsTables>;
  kernel: CommandDeps<AccountsTables>;
  config: Config;
  clock: Clock;
  ids: IdSource;
  /** bcrypt off the event loop; refuses with `busy` when its queue is full. */
  passwords: PasswordPool;
  /** Counts one attempt; throws DomainError('rate-limited') when a limit is over. */
  limit(action: RateLimitedAction, ip: string, key: string): Promise<void>;
  /** Drops the rate-limit counters about an address (an erased account's). */
  forgetCounters(key: string): Promise<void>;
};

/** Where the request came from: the limits count per client address; links always point at PUBLIC_URL. */
export type RequestInfo = { ip: string; language: Language };

/** Outbox topic of the queued half of forgot-password and resend-verification. */
export const MAIL_REQUEST_TOPIC = 'accounts.mail-request';
export type MailRequest = { kind: 'forgot' | 'resend'; email: string; language: Language; secret: string };

const UNIQUE_VIOLATION = '23505';

export function createHandlers(rt: AccountsRuntime) {
  const site = rt.config.SITE_NAME;
  const now = () => rt.clock().toISOString();
  const command = (userId: string, cmd: UserCommand, opts: CommandOptions<UserCommand, UserEvent, UserState, AccountsTables> = {}) =>
    handleCommand(rt.kernel, userDecider, userStream(userId), cmd, { metadata: { actor: null }, ...opts });
  /** The mail of an account event, at most once per `cause`. */
  const mail = (kind: AccountMailKind, cause: string, to: { email: string; name: string }, language: Language, path: string) =>
    awaitedMailMessage(`${kind}:${cause}`, accountMail(kind, { language, site, to: to.email, name: to.name, link: new URL(path, rt.config.PUBLIC_URL).href }));

  /**
   * Queues a mail request for the outbox worker. Its payload holds the address as typed and the link's secret,
   * as the mail row it leads to holds them: the outbox is the delivery queue, not a record.
   */
  async function enqueue(request: MailRequest) {
    await addToOutbox(rt.db, [{ topic: MAIL_REQUEST_TOPIC, dedupeKey: `accounts:${request.kind}:${hashLinkSecret(request.secret)}`, payload: request }]);
  }

  return {
    /**
     * Registers a new account and mails a verification link. For an address that already has an account the
     * answer is the same, and its owner is told by e-mail instead: the answer never reveals who is registered.
     */
    async register(input: { name: string; email: string; phone: string; password: string }, req: RequestInfo): Promise<void> {
      const userId = rt.ids();
      const secret = newLinkSecret();
      const person = { name: input.name.trim(), email: input.email.trim() };
      const tokenHash = hashLinkSecret(secret);
      const register: UserCommand = {
        type: 'Register', userId, name: person.name, language: req.language, tokenHash, passwordLength: input.password.length, now: now(),
      };
      // A name or password the rules refuse is refused for an existing address too, before anything counts (pure: nothing is written).
      userDecider.decide(register, userDecider.initialState());
      await rt.limit('register', req.ip, emailKey(input.email));
      // Hash first in every case, so both branches take the same time.
      const passwordHash = await rt.passwords.hash(input.password);
      const existing = await accountByEmail(rt.db, input.email);
      if (existing) {
        const attempt = rt.ids();
        await command(existing.id, { type: 'ReportExistingAddress', language: req.language, now: now() }, {
          outbox: () => [mail('existing', `${existing.id}:${attempt}`, existing, existing.language, '/zaloguj-sie')],
        });
        return;
      }
      try {
        await command(userId, register, {
          alongside: async (tx) => {
            await tx.insertInto('user_personal_data').values({
              user_id: userId, ...person, email_key: emailKey(person.email), phone: input.phone.trim(), password_hash: passwordHash,
            }).execute();
          },
          outbox: () => [mail('verify', `${userId}:${tokenHash}`, person, req.language, `/verify-email/${secret}`)],
        });
      } catch (error) {
        // Someone registered the same address a moment ago: the same answer as for any existing address.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      }
    },

    /**
     * Mails a new verification link to an unverified address; the same answer whatever the address. The
     * request only counts the attempt and queues the work (see handleMailRequest), so it takes as long for any address.
     */
    async resendVerification(email: string, req: RequestInfo): Promise<void> {
      await rt.limit('resend', req.ip, emailKey(email));
      await enqueue({ kind: 'resend', email, language: req.language, secret: newLinkSecret() });
    },

    /** Mails a single-use reset link valid for an hour; the same answer, taking the same time, whether or not the address exists. */
    async requestPasswordReset(email: string, req: RequestInfo): Promise<void> {
      await rt.limit('forgot', req.ip, emailKey(email));
      await enqueue({ kind: 'forgot', email, language: req.language, secret: newLinkSecret() });
    },

    /** Verifies the address a link was sent to: whose it is and their token version (the caller then signs them in). */
    async verifyEmail(secret: string): Promise<{ userId: string; tokenVersion: number }> {
      const tokenHash = hashLinkSecret(secret);
      const userId = await linkOwner(rt.db, tokenHash, 'verify');
      // A link nobody was sent is refused like a spent or expired one.
      if (!userId) throw new DomainError('verify-link-invalid');
      const { state } = await command(userId, { type: 'VerifyEmail', tokenHash, now: now() }, { metadata: { actor: userId } });
      return { userId, tokenVersion: state.status === 'registered' ? state.tokenVersion : 0 };
    },

    /**
     * The queued half of resendVerification and requestPasswordReset, run by the outbox worker: finds the
     * address and, when there is an account to mail, records the link and queues its mail in one transaction.
     * The link's secret was chosen with the request, so a retried delivery finds its link already on the
     * stream (the decider then records nothing) and the mail is written at most once.
     */
    async handleMailRequest(request: MailRequest): Promise<void> {
      const user = await accountByEmail(rt.db, request.email);
      if (!user) return;
      const hash = hashLinkSecret(request.secret);
      if (request.kind === 'resend') {
        await command(user.id, { type: 'ResendVerification', tokenHash: hash, language: user.language, now: now() }, {
          outbox: () => [mail('verify', `${user.id}:${hash}`, user, user.language, `/verify-email/${request.secret}`)],
        });
        return;
      }
      await command(user.id, { type: 'RequestPasswordReset', resetHash: hash, language: request.language, now: now() }, {
        outbox: () => [mail('reset', `${user.id}:${hash}`, user, request.language, `/reset-password/${request.secret}`)],
      });
    },

    /**
     * An admin (`adminId`, the event's actor) deletes a user: UserDeleted on their stream, their personal data erased
     * in the same transaction (see erasure.ts), so they can no longer log in and every token fails. Refused for an
     * admin's account (`cannot-delete-admin`) and for an id with no account (`not-registered`). Answers whom it erased.
     */
    async deleteUser(userId: string, adminId: string): Promise<Person | undefined> {
      const person = await personalData(rt.db, userId);
      const isAdmin = person ? roleOf(rt.config.ADMIN_EMAILS, person.email) === 'admin' : false;
      await command(userId, { type: 'DeleteUser', isAdmin, now: now() }, {
        metadata: { actor: adminId },
        alongside: (tx) => erasePersonalData(tx, userId, person),
      });
      if (person) await rt.forgetCounters(emailKey(person.email));
      return person;
    },

    /** Sets a new password through a reset link; spends the link and revokes every older session token. */
    async resetPassword(secret: string, newPassword: string, req: RequestInfo): Promise<void> {
      const resetHash = hashLinkSecret(secret);
      await rt.limit('reset', req.ip, resetHash);
      const userId = await linkOwner(rt.db, resetHash, 'reset');
      if (!userId) throw new DomainError('reset-link-invalid');
      const passwordHash = await rt.passwords.hash(newPassword);
      await command(userId, { type: 'ResetPassword', resetHash, passwordLength: newPassword.length, now: now() }, {
        metadata: { actor: userId },
        alongside: async (tx) => {
          await tx.updateTable('user_personal_data').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
        },
      });
    },
  };
}
