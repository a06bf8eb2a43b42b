/** How much of the message a reply quotes: a mailto address longer than about 2000 characters fails in some mail programs. */
export const QUOTE_LIMIT = 800;

/** Percent-encodes for a mailto query (RFC 6068): spaces as %20, never "+", line breaks as CRLF. */
const component = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));

/**
 * A reply to a contact message: a mailto link to the sender with a "Re:" subject and the message quoted. The
 * address is encoded too (a `?` or `&` in a valid address must not start the query); `@` stays readable.
 */
export function replyLink(to: string, subject: string, intro: string, message: string): string {
  const quoted = message.length > QUOTE_LIMIT ? `${message.slice(0, QUOTE_LIMIT)}…` : message;
  const body = `\n\n${intro}\n${quoted.split(/\r?\n/).map((line) => `> ${line}`).join('\n')}`;
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${component(subject)}&body=${component(body)}`;
}
