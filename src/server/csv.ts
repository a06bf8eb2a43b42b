/**
 * CSV as RFC 4180 writes it: CRLF between records, a field holding a comma, quote, CR or LF quoted with its quotes
 * doubled. A field a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe first, so an attendee's name or phone can never run as one (CSV formula injection).
 */
export function csvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
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
