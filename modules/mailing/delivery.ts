import type { Kysely } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Logger } from 'pino';
import type { SharedTables } from '../shared/db/index.ts';
import { systemClock, type Clock } from '../shared/kernel/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { calendarAttachment, linksIn, messageOptions, type Mail } from './mail.ts';
import { rawSmtpSender } from './raw-relay.ts';

/** Connections to the relay at once for account and purchase mail and reminders (the reminders' lane sends four at once). */
const TRANSACTIONAL_CONNECTIONS = 4;

export type SendMail = (mail: Mail, messageId: string) => Promise<void>;

/**
 * SMTP through nodemailer: MailComposer builds the message (it encodes headers, so no user text can add one) and the
 * raw relay sends it (nodemailer's SMTPConnection, which dot-stuffs DATA, RFC 5321 §4.5.2, so no user text can end
 * the message early); the card's emailjs 5 did neither. Connections are kept while messages follow each other and
 * closed after a second without one: opening one per message costs a greeting each (a relay may hold it back on
 * purpose, a distant one costs round trips and STARTTLS), which capped a session's reminders (bench/README.md,
 * `reminders`). A failed send closes its connection, so a relay that dropped us never poisons the next send.
 * How `SMTP_URL` maps to TLS is in modules/shared/config/smtp-url.ts.
 */
export function smtpSender(smtpUrl: string, from: string, clock: Clock = systemClock): SendMail {
  const relay = rawSmtpSender(smtpUrl, { connections: TRANSACTIONAL_CONNECTIONS, idleMs: 1000 });
  return async (mail, messageId) => {
    // The Date header from the module's clock, not the one nodemailer would read.
    const compiled = new MailComposer({ ...messageOptions(mail, messageId, from), date: clock() }).compile();
    await relay(compiled.getEnvelope() as { from: string; to: string[] }, compiled.createReadStream());
  };
}

/** Without SMTP: keep the message in the dev mailbox table and print its recipient, subject and links (the verification link to click). */
export function devMailboxSender(db: Kysely<SharedTables>, log: Logger): SendMail {
  return async (mail, messageId) => {
    await db.insertInto('dev_mailbox').values({
      message_id: messageId,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: JSON.stringify([...(mail.calendar ? [calendarAttachment(mail.calendar)] : []), ...(mail.attachments ?? [])]),
    }).onConflict((c) => c.column('message_id').doNothing()).execute();
    log.info({ to: mail.to, subject: mail.subject, links: linksIn(mail.text) }, 'mail kept in the dev mailbox (set SMTP_URL to deliver)');
  };
}

/** The outbox handler for the mail topic. The Message-ID is stable per outbox row, so a resend after a crash is recognisably the same message. */
export function mailHandler(send: SendMail, domain: string): OutboxHandler {
  return async (payload, message) => {
    await send(payload as Mail, `<outbox-${message.id}@${domain}>`);
  };
}
