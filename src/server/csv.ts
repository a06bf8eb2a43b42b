/**
 * CSV as RFC 4180 writes it, CRLF between records, every cell quoted with its quotes doubled. Quoting every cell
 * keeps a comma, semicolon or tab inside it; but a spreadsheet opening the file with another separator (Polish
 * Excel splits on `;`) ignores those quotes and reads each part between separators as a cell of its own. So every
 * part that a spreadsheet could start a cell with (the whole text, and what follows each `,` `;` tab or line break,
 * spaces and quotes skipped) gets an apostrophe before a leading =, +, -, @, tab or CR: an attendee's name or phone can never
 * run as a formula (CSV formula injection), whichever way the file is split.
 */
export function csvField(value: string): string {
  const inert = value.replace(/(^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])/g, "$1$2'");
  return `"${inert.replaceAll('"', '""')}"`;
}

export const toCsv = (rows: readonly (readonly string[])[]): string => rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

/** A CSV download: UTF-8, saved under `filename` (letters, digits, dot, dash and underscore kept, anything else `_`). */
export function csvResponse(rows: readonly (readonly string[])[], filename: string): Response {
  return new Response(toCsv(rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}
