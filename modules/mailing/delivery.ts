import { SMTPClient } from 'emailjs';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../shared/db/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { linksIn, type Mail } from './mail.ts';

export type SendMail = (mail: Mail, messageId: string) => Promise<void>;

/** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS from the start) through emailjs. */
export function smtpSender(smtpUrl: string, from: string): SendMail {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const client = new SMTPClient({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    ssl: secure,
    tls: !secure && url.searchParams.get('starttls') !== 'false',
    timeout: 15_000,
    ...(url.username ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : {}),
  });
  return async (mail, messageId) => {
    await client.sendAsync({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      'message-id': messageId,
      attachment: [
        { data: mail.html, alternative: true },
        ...(mail.attachments ?? []).map((a) => ({ data: a.content, name: a.filename, type: a.contentType })),
      ],
    });
  };
}

/** Without SMTP: keep the message in the dev mailbox table and print its subject and links. */
export function devMailboxSender(db: Kysely<Database>, log: Logger): SendMail {
  return async (mail, messageId) => {
    await db.insertInto('dev_mailbox').values({
      message_id: messageId,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: JSON.stringify(mail.attachments ?? []),
    }).onConflict((c) => c.column('message_id').doNothing()).execute();
    log.info({ subject: mail.subject, links: linksIn(mail.text) }, 'mail kept in the dev mailbox (set SMTP_URL to deliver)');
  };
}

/** The outbox handler for the mail topic. The Message-ID is stable per outbox row, so a resend after a crash is recognisably the same message. */
export function mailHandler(send: SendMail, domain: string): OutboxHandler {
  return async (payload, message) => {
    await send(payload as Mail, `<outbox-${message.id}@${domain}>`);
  };
}
