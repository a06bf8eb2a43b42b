import { sql } from 'kysely';
import type { ModuleContext } from '../shared/kernel/index.ts';
import { outsideCalls } from '../shared/outside/index.ts';
import { devMailboxSender, mailHandler, smtpSender, type SendMail } from './delivery.ts';
import { rawSmtpSender, type SendRaw } from './raw-relay.ts';
import { AWAITED_MAIL_TOPIC, MAIL_TOPIC, MAIL_TOPICS } from './mail.ts';

export { AWAITED_MAIL_TOPIC, MAIL_TOPIC, MAIL_TOPICS, awaitedMailLane, awaitedMailMessage, mailMessage, messageOptions, calendarAttachment, linksIn, escapeHtml, type Mail, type MailAttachment } from './mail.ts';
export { smtpSender, devMailboxSender, type SendMail } from './delivery.ts';
export { rawSmtpSender, type SendRaw } from './raw-relay.ts';

/**
 * Campaign mail sent at once (the campaign lane sends several messages in parallel when MAIL_RATE allows). Also the
 * most messages a crash can lose: one per connection may sit between its in-doubt mark and its final dot.
 */
export const RAW_RELAY_CONNECTIONS = 4;

/** Mail undelivered for longer than this makes /healthz say `"mail": "degraded"`: the relay is down or refusing. */
export const MAIL_DEGRADED_AFTER_MS = 10 * 60_000;

export type MailHealth = 'ok' | 'degraded' | 'unknown';

export type DevMailboxEntry = { id: number; recipient: string; subject: string; text: string; html: string; createdAt: Date };

type DevMailboxRow = { id: number; recipient: string; subject: string; text: string; html: string; created_at: Date };
const entryOf = (r: DevMailboxRow): DevMailboxEntry =>
  ({ id: r.id, recipient: r.recipient, subject: r.subject, text: r.text, html: r.html, createdAt: r.created_at });

async function devMailboxPage(ctx: ModuleContext, { offset, limit }: { offset: number; limit: number }) {
  const rows = await ctx.db.selectFrom('dev_mailbox').select(['id', 'recipient', 'subject', 'text', 'html', 'created_at'])
    .orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const count = await ctx.db.selectFrom('dev_mailbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  return { items: rows.map(entryOf), total: Number(count?.n ?? 0) };
}

/** A relay refusing one recipient (an address that does not exist) has answered: the relay works. */
const refusedRecipient = (error: unknown) => (error as { code?: unknown } | null)?.code === 'EENVELOPE';

export function createMailing(ctx: ModuleContext) {
  const domain = new URL(ctx.config.PUBLIC_URL).hostname;
  // Every message through the relay notes how it went, for the admin's system page (modules/shared/outside).
  const outside = outsideCalls(ctx.db, { clock: ctx.clock, onError: (err) => ctx.log.warn({ err }, 'SMTP status not recorded') });
  const relay = ctx.config.SMTP_URL ? smtpSender(ctx.config.SMTP_URL, ctx.config.MAIL_FROM, ctx.clock) : null;
  const send: SendMail = relay ? (mail, messageId) => outside.watch('smtp', () => relay(mail, messageId), refusedRecipient) : devMailboxSender(ctx.db, ctx.log);
  const raw = ctx.config.SMTP_URL ? rawSmtpSender(ctx.config.SMTP_URL, { connections: RAW_RELAY_CONNECTIONS }) : null;
  return {
    outboxHandlers: { [MAIL_TOPIC]: mailHandler(send, domain), [AWAITED_MAIL_TOPIC]: mailHandler(send, domain) },
    /**
     * The configured sender (the relay, or the dev mailbox without SMTP_URL), for mail whose Message-ID is fixed by
     * its cause rather than by an outbox row (reminders): the caller keeps its own ledger of what went out.
     */
    send,
    /** The host name our Message-IDs end with. */
    domain,
    /** For mail built elsewhere (campaigns): the relay taking a finished message as a stream, null without SMTP_URL… */
    rawRelay: raw ? ((envelope, message) => outside.watch('smtp', () => raw(envelope, message), refusedRecipient)) as SendRaw : null,
    /** …and the dev mailbox used instead (idempotent by Message-ID). */
    keepInDevMailbox: devMailboxSender(ctx.db, ctx.log),
    /**
     * `degraded` while a mail message written more than `olderThanMs` ago is still not delivered (pending or
     * given up), `ok` otherwise, `unknown` when the database cannot say.
     */
    async health(olderThanMs = MAIL_DEGRADED_AFTER_MS): Promise<MailHealth> {
      try {
        const stuck = await ctx.db.selectFrom('outbox').select('id')
          .where('topic', 'in', [...MAIL_TOPICS]).where('status', '<>', 'done')
          .where('created_at', '<', sql<Date>`now() - ${sql.lit(`${Math.max(0, Math.floor(olderThanMs))} milliseconds`)}::interval`)
          .limit(1).executeTakeFirst();
        return stuck ? 'degraded' : 'ok';
      } catch {
        return 'unknown';
      }
    },
    /** The dev mailbox, newest first (empty when SMTP_URL is set). */
    async devMailbox(limit = 100): Promise<DevMailboxEntry[]> {
      return (await devMailboxPage(ctx, { offset: 0, limit })).items;
    },
    /** Whether mail is kept in the dev mailbox (no SMTP_URL) rather than sent. */
    devMailboxEnabled: !ctx.config.SMTP_URL,
    /** One page of the dev mailbox, newest first, with the number of messages it holds. */
    devMailboxPage: (page: { offset: number; limit: number }) => devMailboxPage(ctx, page),
    /** One message of the dev mailbox, or null when there is none with that id. */
    async devMailboxEntry(id: number): Promise<DevMailboxEntry | null> {
      const row = await ctx.db.selectFrom('dev_mailbox').select(['id', 'recipient', 'subject', 'text', 'html', 'created_at'])
        .where('id', '=', id).executeTakeFirst();
      return row ? entryOf(row) : null;
    },
  };
}

export type Mailing = ReturnType<typeof createMailing>;
