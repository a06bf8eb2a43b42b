import type { OutboxMessage } from '../shared/events/index.ts';

export const MAIL_TOPIC = 'mail';
/**
 * Mail a person is waiting for (verification, password reset, purchase confirmation, withdrawal acknowledgement): a
 * topic with a worker of its own (awaitedMailLane), so it never queues behind bulk or background work on MAIL_TOPIC's.
 */
export const AWAITED_MAIL_TOPIC = 'mail-awaited';
/** Both topics an e-mail travels on: sent the same way, counted alike by the mail health. */
export const MAIL_TOPICS = [MAIL_TOPIC, AWAITED_MAIL_TOPIC] as const;

/** `content` is text, or Base64 (`encoding: 'base64'`) for bytes such as a PDF. */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };

/** One e-mail, already rendered in the recipient's language, as text and HTML. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * A calendar invitation (iTIP over e-mail, RFC 6047): sent as a `text/calendar; method=…` alternative beside the text
   * and HTML, which Outlook, Gmail and Apple Mail offer as an invitation, and as an .ics attachment for the rest
   * (nodemailer's `icalEvent`). A plain attachment alone is shown as a file by Outlook.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
};

/**
 * The outbox row that sends `mail` once the surrounding append commits.
 * `dedupeKey` names the cause (e.g. `verify:<userId>:<tokenId>`): the same cause never mails twice.
 */
export const mailMessage = (dedupeKey: string, mail: Mail): OutboxMessage => ({ topic: MAIL_TOPIC, dedupeKey: `mail:${dedupeKey}`, payload: mail });

/** As mailMessage, on the lane of mail someone is waiting for (AWAITED_MAIL_TOPIC). */
export const awaitedMailMessage = (dedupeKey: string, mail: Mail): OutboxMessage => ({ ...mailMessage(dedupeKey, mail), topic: AWAITED_MAIL_TOPIC });

/**
 * The worker of mail someone is waiting for, with the topics that lead to it (accounts' queued requests): a short
 * lease, so that a killed instance's messages come back quickly, and a few at once.
 */
export const awaitedMailLane = (...leadingTopics: string[]) =>
  ({ topics: [AWAITED_MAIL_TOPIC, ...leadingTopics], leaseMs: 30_000, batchSize: 5, concurrency: 2 }) as const;

/** Every http(s) link in a text: printed to the log for the dev mailbox. */
export const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * What nodemailer is given for one mail, whichever way it then travels (transport or composed raw message).
 * The recipient is an address object, taken as one address: a comma or semicolon in it never becomes a second recipient.
 */
export const messageOptions = (mail: Mail, messageId: string, from: string, headers: Record<string, string> = {}) => ({
  from,
  to: { name: '', address: mail.to },
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId,
  headers,
  attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, ...(a.encoding ? { encoding: a.encoding } : {}) })),
  ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, filename: mail.calendar.filename, content: mail.calendar.content } } : {}),
});

/** The calendar invitation as the attachment it also travels as (the dev mailbox keeps attachments only). */
export const calendarAttachment = (calendar: NonNullable<Mail['calendar']>): MailAttachment => ({
  filename: calendar.filename, contentType: `text/calendar; charset=utf-8; method=${calendar.method}`, content: calendar.content,
});
