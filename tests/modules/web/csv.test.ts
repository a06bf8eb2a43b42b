import { describe, expect, it } from 'vitest';
import { csvField, csvResponse, toCsv } from '../../../src/server/csv.ts';

/** The cells a spreadsheet sees when it ignores the quotes and splits a line on `separator` (Polish Excel: `;`). */
const cellsSplitOn = (line: string, separator: RegExp) => line.split(separator).map((cell) => cell.replace(/^[ "]+/, ''));
const formula = /^[=+\-@\t\r]/;

describe('CSV downloads (RFC 4180, formula-safe)', () => {
  it('quotes every cell, doubling its quotes, so a comma, semicolon, tab or line break stays inside it', () => {
    expect(csvField('Anna Nowak')).toBe('"Anna Nowak"');
    expect(csvField('Nowak, Anna')).toBe('"Nowak, Anna"');
    expect(csvField('Anna "Ania" Nowak')).toBe('"Anna ""Ania"" Nowak"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('')).toBe('""');
  });

  it('puts an apostrophe before a cell a spreadsheet would run as a formula, and only before such a cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}SUM(A1)`)).toBe(`"'${start}SUM(A1)"`);
    expect(csvField('+48 600 100 200')).toBe('"+48 600 100 200"');
    expect(csvField('+1 (202) 555-0100')).toBe('"+1 (202) 555-0100"');
    expect(csvField('+48 600 100 200 =1')).toBe('"\'+48 600 100 200 =1"');
    expect(csvField('+48600;=cmd')).toBe('"\'+48600;\'=cmd"');
    expect(csvField('+A1')).toBe('"\'+A1"');
    expect(csvField(' =1+1')).toBe('" \'=1+1"');
    expect(csvField('48 600 = 100')).toBe('"48 600 = 100"');
    expect(csvField('Anna Nowak-Kowalska')).toBe('"Anna Nowak-Kowalska"');
    expect(csvField('a@b.pl')).toBe('"a@b.pl"');
  });

  it('guards every part after a separator too, as a spreadsheet splitting on ; , or tab sees it', () => {
    expect(csvField("600;=cmd|' /C calc'!A0")).toBe(`"600;'=cmd|' /C calc'!A0"`);
    const hostile = [
      "600;=cmd|' /C calc'!A0", '600,=1+1', '600\t=1+1', '600; +1', '1;"=HYPERLINK(""http://x"")', 'a;b;-2+3', 'x\n@SUM(A1)',
      'Anna;\t=1', '=1;=2,=3', 'a;;=1',
    ];
    for (const value of hostile) {
      const line = toCsv([[value, 'next']]).replace(/\r\n$/, '');
      for (const separator of [/;/, /,/, /\t/, /[\r\n]/, /[;,\t\r\n]/]) {
        const cells = cellsSplitOn(line, separator);
        expect(cells.filter((cell) => formula.test(cell)), `${JSON.stringify(value)} split on ${separator}`).toEqual([]);
      }
    }
  });

  it('ends every record with CRLF and answers a UTF-8 text/csv download, with a byte-order mark, under a safe file name', async () => {
    expect(toCsv([['a', 'b'], ['c', 'd']])).toBe('"a","b"\r\n"c","d"\r\n');
    const res = csvResponse([['Imię'], ['Łucja']], 'attendees-x/"y.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendees-x__y.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3)), 'the UTF-8 byte-order mark Excel needs').toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))).toBe('"Imię"\r\n"Łucja"\r\n');
  });

  it('separates cells with the separator the user chose', () => {
    expect(toCsv([['a', 'b;c'], ['d', 'e']], 'semicolon')).toBe('"a";"b;c"\r\n"d";"e"\r\n');
    expect(toCsv([['a', 'b'], ['+48 600 100 200', '=1']], 'semicolon')).toBe('"a";"b"\r\n"+48 600 100 200";"\'=1"\r\n');
  });
});
