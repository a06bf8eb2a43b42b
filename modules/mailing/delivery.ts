import type { Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import { parseSmtpUrl } from '../shared/config/index.ts';
import type { SharedTables } from '../shared/db/index.ts';
import { systemClock, type Clock } from '../shared/kernel/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { calendarAttachment, linksIn, messageOptions, type Mail } from './mail.ts';

export type SendMail = (mail: Mail, messageId: string) => Promise<void>;

/**
 * SMTP through nodemailer, which dot-stuffs DATA (RFC 5321 §4.5.2) and encodes headers, so no user text
 * can end the message early or add a header; the card's emailjs 5 did neither. One transport for the process:
 * each message opens its own connection, so a relay that dropped us never poisons the next send.
 * How `SMTP_URL` maps to TLS is in modules/shared/config/smtp-url.ts.
 */
export function smtpSender(smtpUrl: string, from: string, clock: Clock = systemClock): SendMail {
  const transport = smtpTransport(smtpUrl);
  return async (mail, messageId) => {
    // The Date header from the module's clock, not the one nodemailer would read.
    await transport.sendMail({ ...messageOptions(mail, messageId, from), date: clock() });
  };
}

function smtpTransport(smtpUrl: string) {
  const settings = parseSmtpUrl(smtpUrl);
  if ('problem' in settings) throw new Error(`SMTP_URL ${settings.problem}`);
  return createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTLS,
    // Opportunistic mode also goes on in plain text when the relay offers STARTTLS and then refuses the command.
    opportunisticTLS: !settings.secure && !settings.requireTLS,
    tls: { rejectUnauthorized: settings.rejectUnauthorized },
    ...(settings.auth ? { auth: settings.auth } : {}),
    // Each stage well inside the outbox lease (60 s, renewed before each send): a silent relay fails the attempt
    // and the message is retried, instead of one send holding it indefinitely.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // The outbox worker logs one line per failed attempt; nodemailer itself stays quiet.
    logger: false,
  });
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
