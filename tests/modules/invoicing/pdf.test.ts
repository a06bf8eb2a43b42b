import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { extractText, getMeta } from 'unpdf';
import { open, qrCodesOf, textOf } from '../../support/pdf.ts';
import { describe, expect, it } from 'vitest';
import { lineOf, totalsOf } from '../../../modules/invoicing/document.ts';
import { renderInvoicePdf } from '../../../modules/invoicing/index.ts';
import { pdfTexts } from '../../../modules/invoicing/pdf-texts.ts';
import { exemptBasis, sampleCorrection, sampleInvoice } from './invoice-documents.ts';

const KSEF = { url: 'https://qr-test.ksef.mf.gov.pl/invoice/1234563218/26-11-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE', label: '1234563218-20261126-0100001AF629-AF' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the invoice PDF', () => {
  it('renders the same bytes again, in either language, with or without the QR code', async () => {
    for (const language of ['pl', 'en'] as const) {
      for (const ksef of [KSEF, null]) {
        const first = await renderInvoicePdf(sampleInvoice(), { language, ksef });
        const again = await renderInvoicePdf(sampleInvoice(), { language, ksef });
        expect(sha256(again), `${language}, ${ksef ? 'QR' : 'no QR'}`).toBe(sha256(first));
      }
    }
    const correction = await renderInvoicePdf(sampleCorrection(), { language: 'pl', ksef: KSEF });
    expect(sha256(await renderInvoicePdf(sampleCorrection(), { language: 'pl', ksef: KSEF }))).toBe(sha256(correction));
  });

  it('renders the same bytes after other documents, the fonts parsed once per process staying out of it', async () => {
    const reference = sha256(await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: KSEF }));
    const others = [
      renderInvoicePdf(sampleCorrection(), { language: 'en', ksef: null }),
      renderInvoicePdf(sampleInvoice({ buyer: { ...sampleInvoice().buyer, name: 'ŁÓDŹ ﬁ ½ → Ĳ' } }), { language: 'pl', ksef: null }),
      renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: KSEF }),
    ];
    // Started together: each render's drawing runs to its end in one go, so they cannot mix their glyphs.
    const [, , together] = await Promise.all(others);
    expect(sha256(together!)).toBe(reference);
    expect(sha256(await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: KSEF }))).toBe(reference);
    expect(await textOf(await renderInvoicePdf(sampleCorrection(), { language: 'en', ksef: null }))).toContain('Correction invoice No. KOR/2026/000007');
  });

  it('renders in a process that has shaped many other words the same bytes as in a fresh process', { timeout: 30_000 }, async () => {
    // Word layouts are kept across documents (shared/pdf/layout-cache.ts): warm them with other buyers and languages.
    for (let i = 0; i < 20; i++) {
      const buyer = { ...sampleInvoice().buyer, name: `Gabinet Ąćęłńóśźż ${i} ﬁ → ½` };
      await renderInvoicePdf(sampleInvoice({ buyer }), { language: i % 2 ? 'en' : 'pl', ksef: i % 3 ? KSEF : null });
      await renderInvoicePdf(sampleCorrection(), { language: i % 2 ? 'pl' : 'en', ksef: KSEF });
    }
    const warm = sha256(await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: KSEF }));
    const script = `import { createHash } from 'node:crypto';
      import { renderInvoicePdf } from ${JSON.stringify(new URL('../../../modules/invoicing/index.ts', import.meta.url).href)};
      import { sampleInvoice } from ${JSON.stringify(new URL('./invoice-documents.ts', import.meta.url).href)};
      const pdf = await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: ${JSON.stringify(KSEF)} });
      process.stdout.write(createHash('sha256').update(pdf).digest('hex'));`;
    const fresh = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(warm).toBe(fresh);
  });

  it('dates the file with the issue instant and names it by its number, with an ID of its own per language', async () => {
    const pl = await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: null });
    const en = await renderInvoicePdf(sampleInvoice(), { language: 'en', ksef: null });
    const { info } = await getMeta(await open(pl), { parseDates: true });
    expect(info.Title).toBe('FV/2026/000123');
    expect((info.CreationDate as Date).toISOString()).toBe('2026-11-26T09:15:00.000Z');
    expect((info.ModDate as Date).toISOString()).toBe('2026-11-26T09:15:00.000Z');
    const fileId = (pdf: Buffer) => /\/ID \[<([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1];
    expect(fileId(pl)).toMatch(/^[0-9a-f]{32}$/);
    expect(fileId(en)).not.toBe(fileId(pl));
    expect(pl.toString('latin1')).not.toContain('Helvetica');
    expect(pl.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it.each([
    ['pl', 'Faktura VAT', 'Nr FV/2026/000123', 'Seminarium: Wstyd i żałość w relacji', 'Razem brutto: 1 524,50 zł', 'Zapłacono kartą 2026-11-26: 1 524,50 zł', 'Data sprzedaży: 2026-11-26'],
    ['en', 'Invoice', 'No. FV/2026/000123', 'Seminar: Shame and grief in relationship', 'Total gross: PLN 1,524.50', 'Paid by card on 2026-11-26: PLN 1,524.50', 'Date of sale: 2026-11-26'],
  ] as const)('shows in %s the parties, both NIPs, the lines, the sums and the Polish letters exactly', async (language, title, number, line, total, paid, sold) => {
    const text = await textOf(await renderInvoicePdf(sampleInvoice(), { language, ksef: null }));
    for (const expected of [title, number, line, total, paid, sold,
      'Instytut Gestalt sp. z o.o.', 'ul. Żurawia 6/12', '00-503 Warszawa', '1234563218',
      'Gabinet Psychoterapii Łucja Źdźbło-Gęś', 'ul. Ćmielowska 15 m. 4', '31-555 Kraków', '5260250274',
      'PL61 1090 1014 0000 0712 1981 2874', exemptBasis]) expect(text).toContain(expected);
    // Each line's amounts and the sums per rate: 23% (net 1 003,66, VAT 230,84) and exempt (290,00).
    const amounts = language === 'pl' ? ['1 003,66 zł', '230,84 zł', '1 234,50 zł', '290,00 zł', '1 293,66 zł'] : ['PLN 1,003.66', 'PLN 230.84', 'PLN 1,234.50', 'PLN 290.00', 'PLN 1,293.66'];
    for (const amount of amounts) expect(text).toContain(amount);
    expect(text).toContain(language === 'pl' ? ' zw ' : ' exempt ');
    expect(text).toContain('23%');
  });

  it('carries every Polish letter, small and capital, as the same characters', async () => {
    const letters = 'ą ć ę ł ń ó ś ź ż Ą Ć Ę Ł Ń Ó Ś Ź Ż';
    const doc = sampleInvoice({ buyer: { ...sampleInvoice().buyer, name: `Zażółć gęślą jaźń: ${letters}` } });
    for (const language of ['pl', 'en'] as const) {
      const text = await textOf(await renderInvoicePdf(doc, { language, ksef: null }));
      expect(text).toContain(`Zażółć gęślą jaźń: ${letters}`);
    }
  });

  it('shows on a correction the original number, date and KSeF number, the reason, lines before and after, and the refund', async () => {
    const pl = await textOf(await renderInvoicePdf(sampleCorrection(), { language: 'pl', ksef: null }));
    for (const expected of ['Faktura korygująca', 'Nr KOR/2026/000007', 'Korekta faktury nr FV/2026/000123 z dnia 2026-11-26',
      'Numer KSeF korygowanej faktury: 1234563218-20261126-0100001AF629-AF', 'Przyczyna korekty: Zwrot po odstąpieniu od umowy (seminarium)',
      'Przed korektą', 'Po korekcie', 'Seminarium: Wstyd i żałość w relacji', '-1 003,66 zł', '-230,84 zł', '-1 234,50 zł',
      'Kwota do zwrotu: 1 234,50 zł']) expect(pl).toContain(expected);
    // The refunded line is printed once, before the correction; the line that stays, before and after it.
    expect(pl.split('Seminarium: Wstyd i żałość w relacji')).toHaveLength(2);
    expect(pl.split('Nagranie: Źródła lęku — część ósma')).toHaveLength(3);
    expect(pl).not.toContain('Zapłacono kartą');
    const en = await textOf(await renderInvoicePdf(sampleCorrection(), { language: 'en', ksef: null }));
    for (const expected of ['Correction invoice', 'Corrects invoice no. FV/2026/000123 of 2026-11-26', 'Reason for correction: Refund after withdrawal from the contract (seminar)',
      'Before correction', 'After correction', 'Amount to be refunded: PLN 1,234.50', '-PLN 1,234.50']) expect(en).toContain(expected);
  });

  it('carries the KSeF verification QR code (KOD I) decoding to the exact link, with the KSeF number or OFFLINE under it', async () => {
    const withNumber = await renderInvoicePdf(sampleInvoice(), { language: 'pl', ksef: KSEF });
    expect(await qrCodesOf(withNumber)).toEqual([KSEF.url]);
    expect(await textOf(withNumber)).toContain(KSEF.label);
    const offline = await renderInvoicePdf(sampleCorrection(), { language: 'en', ksef: { url: KSEF.url, label: 'OFFLINE' } });
    expect(await qrCodesOf(offline)).toEqual([KSEF.url]);
    expect(await textOf(offline)).toContain('OFFLINE');
  });

  it('has no QR code without KSeF (a consumer\'s invoice)', async () => {
    const consumer = sampleInvoice({ buyer: { name: 'Anna Nowak', nip: null, address: { street: 'ul. Długa 1', postalCode: '80-001', city: 'Gdańsk', country: 'PL' } } });
    const pdf = await renderInvoicePdf(consumer, { language: 'pl', ksef: null });
    expect(await qrCodesOf(pdf)).toEqual([]);
    const text = await textOf(pdf);
    expect(text).toContain('Anna Nowak');
    expect(text.match(/NIP: \d+/g)).toEqual(['NIP: 1234563218']);
  });
});

describe('user text on the invoice PDF', () => {
  it('wraps a 300-character buyer name inside its column and keeps all of it', async () => {
    const name = Array.from({ length: 30 }, (_, i) => `Gęślawa${String(i).padStart(2, '0')}`).join(' ').padEnd(300, 'ż').slice(0, 300);
    expect(name).toHaveLength(300);
    const pdf = await renderInvoicePdf(sampleInvoice({ buyer: { ...sampleInvoice().buyer, name } }), { language: 'pl', ksef: KSEF });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const proxy = await open(pdf);
    expect(proxy.numPages).toBe(1);
    // The name spans several lines: compared without the breaks the wrapping put in.
    const { text } = await extractText(proxy, { mergePages: true });
    expect(text.replace(/\s+/g, '')).toContain(name.replace(/\s+/g, ''));
    expect(text.replace(/\s+/g, ' ')).toContain(name.slice(0, 60));
  });

  it('draws brackets, backslashes and control characters as text that cannot change the PDF', async () => {
    const name = 'Firma ) /Type /Catalog >> endobj \\ (x) \\) \u0000\u0007\r\n\u2028%%EOF trailer';
    const doc = sampleInvoice({ buyer: { ...sampleInvoice().buyer, name }, seller: { ...sampleInvoice().seller, name: 'Sprzedawca (test) \\ ))' } });
    const pdf = await renderInvoicePdf(doc, { language: 'en', ksef: KSEF });
    expect(pdf.toString('latin1').match(/%%EOF/g)).toHaveLength(1);
    const proxy = await open(pdf);
    expect(proxy.numPages).toBe(1);
    const text = await textOf(pdf);
    // The control characters are drawn as spaces; the line may wrap anywhere in "%%EOF", so compared without spaces.
    expect(text.replace(/ /g, '')).toContain('Firma)/Type/Catalog>>endobj\\(x)\\)%%EOFtrailer');
    expect(text).toContain('Firma ) /Type /Catalog >> endobj \\ (x) \\)');
    expect(text).toContain('Sprzedawca (test) \\ ))');
    expect(await qrCodesOf(pdf)).toEqual([KSEF.url]);
  });

  it('turns to a second page when the lines do not fit on one, every page numbered', async () => {
    const many = Array.from({ length: 40 }, (_, i) => lineOf({ pl: `Konsultacja nr ${i + 1}`, en: `Consultation no. ${i + 1}` }, `c${i}`, 20_000, { kind: 'rate', rate: 23 }));
    const pdf = await renderInvoicePdf(sampleInvoice({ lines: many, totals: totalsOf(many), exemptionBases: [] }), { language: 'pl', ksef: null });
    const proxy = await open(pdf);
    expect(proxy.numPages).toBe(2);
    const text = await textOf(pdf);
    expect(text).toContain('Konsultacja nr 40');
    expect(text).toContain('Strona 1 z 2');
    expect(text).toContain('Strona 2 z 2');
    expect(text).toContain('Razem brutto: 8 000,00 zł');
  });
});

describe('the invoice PDF\'s words', () => {
  it('exist in both languages with the same placeholders, none empty', () => {
    expect(Object.keys(pdfTexts.en).sort()).toEqual(Object.keys(pdfTexts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(pdfTexts.pl) as (keyof typeof pdfTexts.pl)[]) {
      expect(vars(pdfTexts.en[key]), key).toEqual(vars(pdfTexts.pl[key]));
      expect(pdfTexts.pl[key].trim(), key).not.toBe('');
      expect(pdfTexts.en[key].trim(), key).not.toBe('');
    }
  });
});
