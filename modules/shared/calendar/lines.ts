/** RFC 5545's content lines: values escaped so no user text can end a line or a property, lines folded by octets. */

const CRLF = '\r\n';
const encoder = new TextEncoder();

/**
 * Control characters other than HTAB are not allowed in any value (RFC 5545 §3.1, CONTROL); CR and LF are kept here
 * for each value's own treatment of line breaks.
 */
const withoutControls = (s: string) => [...s].filter((c) => {
  const n = c.codePointAt(0)!;
  return n === 9 || n === 10 || n === 13 || (n >= 32 && n !== 127);
}).join('');

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, every line break written as `\n`. */
export const text = (value: string): string => withoutControls(value)
  .replace(/\r\n|\r|\n/g, '\n')
  .replace(/[\\;,]/g, (c) => `\\${c}`)
  .replace(/\n/g, '\\n');

/**
 * A quoted parameter value (§3.2, e.g. CN): a DQUOTE cannot be escaped there (RFC 6868's caret encoding is not read
 * by every client), so it becomes an apostrophe; a line break becomes a space.
 */
export const param = (value: string): string => `"${withoutControls(value).replace(/\r\n|\r|\n/g, ' ').replaceAll('"', "'")}"`;

/** A URI value (§3.3.13): anything that could end the line or the value percent-encoded. */
export const uri = (value: string): string => withoutControls(value).replace(/[\s"<>\\^`{|}]/gu, (c) => encodeURIComponent(c));

/** A CAL-ADDRESS (§3.3.3) of an e-mail address. */
export const mailto = (email: string): string => `mailto:${uri(email.trim())}`;

/**
 * One content line folded at 75 octets (§3.1): each continuation starts with a space and carries at most 74 more.
 * The split falls between code points, never inside a multi-byte UTF-8 sequence (a Polish "ą" is two octets).
 */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      out.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

/** Content lines joined into an iCalendar object: every line folded, each ended by CRLF. */
export const serialise = (lines: readonly string[]): string => lines.map(fold).join(CRLF) + CRLF;
