import { describe, expect, it } from 'vitest';
import { csvField, csvResponse, toCsv } from '../../../src/server/csv.ts';

describe('CSV downloads (RFC 4180, formula-safe)', () => {
  it('leaves a plain field alone and quotes one holding a comma, a quote, CR or LF, doubling its quotes', () => {
    expect(csvField('Anna Nowak')).toBe('Anna Nowak');
    expect(csvField('Nowak, Anna')).toBe('"Nowak, Anna"');
    expect(csvField('Anna "Ania" Nowak')).toBe('"Anna ""Ania"" Nowak"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
  });

  it('puts an apostrophe before a field a spreadsheet would run as a formula, and only before such a field', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvField('\rHYPERLINK(x)')).toBe('"\'\rHYPERLINK(x)"');
    expect(csvField('+48 600 100 200')).toBe("'+48 600 100 200");
    expect(csvField('48 600 = 100')).toBe('48 600 = 100');
    expect(csvField('a@b.pl')).toBe('a@b.pl');
  });

  it('ends every record with CRLF and answers a UTF-8 text/csv download with a safe file name', async () => {
    expect(toCsv([['a', 'b'], ['c', 'd']])).toBe('a,b\r\nc,d\r\n');
    const res = csvResponse([['Imię'], ['Łucja']], 'attendees-x/"y.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendees-x__y.csv"');
    expect(await res.text()).toBe('Imię\r\nŁucja\r\n');
  });
});
