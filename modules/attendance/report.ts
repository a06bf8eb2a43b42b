import { DomainError } from '../shared/kernel/index.ts';

/**
 * A meeting tool's participant report (Zoom's "Participants" CSV): read from its bytes whatever the encoding, its
 * header found (Zoom may put a meeting summary and a blank line first), each row's name, e-mail and minutes.
 */

/** A report's size and rows at most: a 6-day training of a few hundred people is far below both. */
export const MAX_REPORT_BYTES = 5 * 1024 * 1024;
export const MAX_REPORT_ROWS = 20_000;

export type ReportRow = { line: number; name: string; email: string; join: string; leave: string; minutes: number };

/**
 * The report's text: UTF-8 with or without a byte-order mark, UTF-16 with one (Excel's "Unicode text"), or else
 * Windows-1250, which Excel in Polish writes (Node's TextDecoder knows it: no package needed).
 */
export function decodeReport(bytes: Uint8Array): string {
  if (bytes.length > MAX_REPORT_BYTES) throw new DomainError('attendance-report-too-large', { limit: `${MAX_REPORT_BYTES / 1024 / 1024} MB` });
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError('attendance-report-encoding');
  }
}

/** The fields of one CSV line (RFC 4180 quotes, a doubled quote inside them), split by `sep`. */
function fields(line: string, sep: string): string[] {
  // Most lines quote nothing: split at once (a report of 20,000 rows read a character at a time took most of its import).
  if (!line.includes('"')) return line.split(sep).map((f) => f.trim());
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) { out.push(field); field = ''; } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/** The report's lines; a quoted field may hold a line break (a name never should, but a topic may). */
function lines(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (!quoted && (c === 10 || c === 13)) {
      out.push(text.slice(start, i));
      if (c === 13 && text.charCodeAt(i + 1) === 10) i += 1;
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** Column titles as Zoom writes them, in English and in Polish, compared in lower case. */
const COLUMNS = {
  name: ['name (original name)', 'name', 'participant', 'imię i nazwisko (oryginalna nazwa)', 'imię i nazwisko', 'nazwa (oryginalna nazwa)', 'nazwa', 'uczestnik'],
  email: ['user email', 'email', 'e-mail', 'e-mail użytkownika', 'adres e-mail użytkownika', 'adres e-mail'],
  join: ['join time', 'czas dołączenia', 'godzina dołączenia'],
  leave: ['leave time', 'czas opuszczenia', 'godzina opuszczenia'],
  minutes: ['duration (minutes)', 'duration (mins)', 'duration', 'czas trwania (minuty)', 'czas trwania (min)', 'czas trwania'],
} as const;
export const EXPECTED_HEADER = 'Name (Original Name), User Email, Join Time, Leave Time, Duration (Minutes)';

type Columns = { name: number; email: number; join: number; leave: number; minutes: number };

/** Where each column is in a header line, or null when it has no name or no duration column. */
function columnsOf(titles: readonly string[]): Columns | null {
  const lower = titles.map((t) => t.toLowerCase().replace(/\s+/g, ' '));
  const name = lower.findIndex((t) => (COLUMNS.name as readonly string[]).includes(t));
  if (name < 0) return null;
  // A report with the meeting's summary on every row names e-mail and duration twice: the participant's come after the name.
  const find = (names: readonly string[]) => {
    const after = lower.findIndex((t, i) => i > name && names.includes(t));
    return after >= 0 ? after : lower.findIndex((t) => names.includes(t));
  };
  const minutes = find(COLUMNS.minutes);
  if (minutes < 0) return null;
  return { name, email: find(COLUMNS.email), join: find(COLUMNS.join), leave: find(COLUMNS.leave), minutes };
}

/** The separator of a header line: the one of `,` `;` and tab it holds most of. */
const separatorOf = (line: string) => [',', ';', '\t'].map((sep) => ({ sep, n: line.split(sep).length })).sort((a, b) => b.n - a.n)[0]!.sep;

/** How far down the header may be: Zoom's meeting summary takes three lines. */
const HEADER_SEARCH = 30;

/**
 * The rows of a report. Refused whole with a reason the admin can act on: no header with a name and a duration column
 * (`attendance-report-header`), a duration that is no number (`attendance-report-row`, its line), no rows at all
 * (`attendance-report-empty`), more than MAX_REPORT_ROWS (`attendance-report-too-many-rows`).
 */
export function parseReport(text: string): ReportRow[] {
  const all = lines(text);
  let header = -1;
  let columns: Columns | null = null;
  let sep = ',';
  for (let i = 0; i < Math.min(all.length, HEADER_SEARCH) && !columns; i += 1) {
    sep = separatorOf(all[i]!);
    columns = columnsOf(fields(all[i]!, sep));
    header = i;
  }
  if (!columns) throw new DomainError('attendance-report-header', { expected: EXPECTED_HEADER });
  const rows: ReportRow[] = [];
  for (let i = header + 1; i < all.length; i += 1) {
    if (all[i]!.trim() === '') continue;
    if (rows.length >= MAX_REPORT_ROWS) throw new DomainError('attendance-report-too-many-rows', { limit: MAX_REPORT_ROWS });
    const f = fields(all[i]!, sep);
    const at = (k: number) => (k >= 0 ? f[k] ?? '' : '');
    const minutesText = at(columns.minutes).replace(',', '.');
    const minutes = Number(minutesText);
    if (minutesText === '' || !Number.isFinite(minutes) || minutes < 0) throw new DomainError('attendance-report-row', { line: i + 1 });
    rows.push({ line: i + 1, name: at(columns.name), email: at(columns.email).toLowerCase(), join: at(columns.join), leave: at(columns.leave), minutes: Math.round(minutes) });
  }
  if (rows.length === 0) throw new DomainError('attendance-report-empty');
  return rows;
}
