/** The separators a user may choose: Excel in Polish (and most of Europe) splits on `;`, in English on `,`. */
export const CSV_SEPARATORS = { comma: ',', semicolon: ';' } as const;
export type CsvSeparator = keyof typeof CSV_SEPARATORS;

/**
 * A phone number as people write it (+48 600 100 200, +1 (202) 555-0100): a leading + and then only digits, spaces,
 * brackets, dots, slashes and dashes. No function, reference or string can be written with these, so the cell
 * cannot run anything: it is quoted like every cell and shown as written, without the guard's apostrophe.
 */
const PHONE = /^\+[\d ()./-]+$/;
/** A plain decimal number, negative too (a correction's sums): a spreadsheet reads it as that number, nothing runs. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * CSV as RFC 4180 writes it, CRLF between records, every cell quoted with its quotes doubled. Quoting every cell
 * keeps a comma, semicolon or tab inside it; but a spreadsheet opening the file with another separator than the one
 * chosen ignores those quotes and reads each part between separators as a cell of its own. So every part that a
 * spreadsheet could start a cell with (the whole text, and what follows each `,` `;` tab or line break, spaces and
 * quotes skipped) gets an apostrophe before a leading =, +, -, @, tab or CR: an attendee's name or phone can never
 * run as a formula (CSV formula injection), whichever way the file is split. A phone number alone is left as it is.
 */
export function csvField(value: string): string {
  const inert = PHONE.test(value) || NUMBER.test(value) ? value : value.replace(/(^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])/g, "$1$2'");
  return `"${inert.replaceAll('"', '""')}"`;
}

export const toCsv = (rows: readonly (readonly string[])[], separator: CsvSeparator = 'comma'): string =>
  rows.map((row) => row.map(csvField).join(CSV_SEPARATORS[separator])).join('\r\n') + '\r\n';

/**
 * A CSV download: UTF-8 with a byte-order mark (without it Excel reads the file in the machine's code page and
 * garbles Polish letters), saved under `filename` (letters, digits, dot, dash and underscore kept, anything else `_`).
 */
export function csvResponse(rows: readonly (readonly string[])[], filename: string, separator: CsvSeparator = 'comma'): Response {
  return new Response(`\uFEFF${toCsv(rows, separator)}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}
