import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { messageOptions, type Mail } from '../mailing/index.ts';
import type { Clock } from '../shared/kernel/index.ts';

export type Composed = { envelope: { from: string; to: string[] }; raw: Buffer };

/**
 * An address nodemailer writes as it is (printable ASCII, no space, quote, bracket, comma or semicolon, one @):
 * such a To header needs no encoding. Anything else (an IDN domain, a quoted local part) is composed whole by
 * MailComposer, which knows how to encode it.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

/** The address inside a From such as `Gestalt <no-reply@example.com>`, for the envelope. */
export const senderOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * RFC 2369 and RFC 8058: mail clients offer an unsubscribe button that POSTs to the https URL, no login. No
 * mailto: nothing reads the sender's mailbox (MAIL_FROM is a no-reply address), so a request sent there would
 * be lost while the recipient believes they left.
 */
const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** RFC 5322's date, from the module's clock. */
const dateHeader = (at: Date) => at.toUTCString().replace(/GMT/, '+0000');

/** A text part as nodemailer writes one: UTF-8, quoted-printable, lines of at most 76 characters, CRLF line breaks. */
const textPart = (contentType: string, content: string) =>
  `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qpWrap(qpEncode(content.replace(/\r?\n/g, '\r\n')), 76)}`;

/**
 * Composes campaign messages. What every message of a campaign shares is composed once by MailComposer (From and
 * Subject, encoded and folded as nodemailer does); per recipient only the parts that differ are written: To,
 * Message-ID, Date, the unsubscribe headers (ASCII we make: a URL and a token) and the two bodies, whose text
 * (greeting with the name, unsubscribe link) differs in every message. Composing each message whole cost more
 * than all of its database work together.
 */
export function campaignComposer(from: string, clock: Clock) {
  const sender = senderOf(from);
  const fixed = new Map<string, Promise<string>>();

  /** The From and Subject header lines (with their folded continuations) of a message MailComposer wrote. */
  async function fixedHeaders(subject: string): Promise<string> {
    const raw = (await new MailComposer({ from, subject, to: 'x@example.invalid', text: '' }).compile().build()).toString('latin1');
    const lines = raw.slice(0, raw.indexOf('\r\n\r\n')).split(/\r\n(?![ \t])/);
    return lines.filter((l) => /^(From|Subject):/i.test(l)).map((l) => `${l}\r\n`).join('');
  }

  /** The whole message through MailComposer: for an address it must encode. */
  async function composedWhole(mail: Mail, messageId: string, unsubscribeUrl: string): Promise<Composed> {
    const compiled = new MailComposer({ ...messageOptions(mail, messageId, from, unsubscribeHeaders(unsubscribeUrl)), date: clock() }).compile();
    return { envelope: compiled.getEnvelope() as Composed['envelope'], raw: await compiled.build() };
  }

  return async function compose(campaignId: string, mail: Mail, messageId: string, unsubscribeUrl: string): Promise<Composed> {
    if (!PLAIN_ADDRESS.test(mail.to) || !PLAIN_ADDRESS.test(sender)) return composedWhole(mail, messageId, unsubscribeUrl);
    const key = `${campaignId}\u0000${mail.subject}`;
    let headers = fixed.get(key);
    if (!headers) {
      fixed.set(key, (headers = fixedHeaders(mail.subject)));
      headers.catch(() => fixed.delete(key));
    }
    const boundary = `--_NmP-${randomBytes(8).toString('hex')}-Part_1`;
    const unsubscribe = unsubscribeHeaders(unsubscribeUrl);
    const raw = [
      `List-Unsubscribe:\r\n ${unsubscribe['List-Unsubscribe']}\r\n`,
      `List-Unsubscribe-Post: ${unsubscribe['List-Unsubscribe-Post']}\r\n`,
      await headers,
      `To: ${mail.to}\r\n`,
      `Message-ID: ${messageId}\r\n`,
      `Date: ${dateHeader(clock())}\r\n`,
      'MIME-Version: 1.0\r\n',
      `Content-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n`,
      `--${boundary}\r\n${textPart('text/plain', mail.text)}\r\n`,
      `--${boundary}\r\n${textPart('text/html', mail.html)}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    return { envelope: { from: sender, to: [mail.to] }, raw: Buffer.from(raw, 'utf8') };
  };
}
