import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { toFa3Xml } from '../../../modules/invoicing/index.ts';
import { ksefFile } from '../../support/ksef-schema.ts';
import { hasXmllint, keepForSchemaCheck, validateAgainstFa3 } from '../../support/ksef-xml.ts';
import { correctionOf, EXEMPT_BASIS, exempt, invoiceOf, line, rate } from './fa3-documents.ts';

type Node = Record<string, unknown>;
// Values as the XML spells them (no number parsing: "0 KR", NIPs and "123.00" stay text).
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'FaWiersz' });

/** Every XML made here is kept for the schema check (here when xmllint is installed, and in CI always). */
const kept: string[] = [];
function render(name: string, ...args: Parameters<typeof toFa3Xml>): { xml: string; faktura: Node; fa: Node; rows: Node[] } {
  const xml = toFa3Xml(...args);
  kept.push(keepForSchemaCheck(name, xml));
  const faktura = (parser.parse(xml) as { Faktura: Node }).Faktura;
  const fa = faktura.Fa as Node;
  return { xml, faktura, fa, rows: (fa.FaWiersz ?? []) as Node[] };
}
const at = (node: unknown, path: string): unknown => path.split('.').reduce<unknown>((n, key) => (n as Node | undefined)?.[key], node);

describe('toFa3Xml: an invoice to a company', () => {
  const doc = invoiceOf([line('Nagranie: Praca z ciałem w terapii Gestalt — źródła', 12300, rate(23))]);

  it('names the seller and the buyer with their NIPs, Polish letters intact, and addresses in two lines', () => {
    const { faktura } = render('invoice-23-company', doc);
    expect(at(faktura, 'Naglowek.KodFormularza')).toEqual({ '#text': 'FA', '@_kodSystemowy': 'FA (3)', '@_wersjaSchemy': '1-0E' });
    expect(at(faktura, 'Naglowek.DataWytworzeniaFa')).toBe('2026-03-02T09:15:00.000Z');
    expect(at(faktura, 'Naglowek.SystemInfo')).toBe('Gestalt Online');
    expect(at(faktura, 'Podmiot1.DaneIdentyfikacyjne')).toEqual({ NIP: '1234563218', Nazwa: 'Instytut Psychoterapii Gestalt Łódź sp. z o.o.' });
    expect(at(faktura, 'Podmiot1.Adres')).toEqual({ KodKraju: 'PL', AdresL1: 'ul. Źródlana 5/7', AdresL2: '90-001 Łódź' });
    expect(at(faktura, 'Podmiot2.DaneIdentyfikacyjne')).toEqual({ NIP: '5260250995', Nazwa: 'Gabinet Psychoterapii Małgorzata Żółćńęś-Ąźdźbło' });
    expect(at(faktura, 'Podmiot2.Adres')).toEqual({ KodKraju: 'PL', AdresL1: 'ul. Świętokrzyska 12 m. 3', AdresL2: '00-916 Gdańsk' });
    expect([at(faktura, 'Podmiot2.JST'), at(faktura, 'Podmiot2.GV')]).toEqual(['2', '2']);
  });

  it('states the 23% line priced gross, its sums in złoty with two decimals, and the card payment', () => {
    const { fa, rows } = render('invoice-23-sums', doc);
    expect(fa).toMatchObject({ KodWaluty: 'PLN', P_1: '2026-03-02', P_1M: 'Łódź', P_2: 'FV/2026/000001', P_6: '2026-03-01', RodzajFaktury: 'VAT' });
    expect(fa).toMatchObject({ P_13_1: '100.00', P_14_1: '23.00', P_15: '123.00' });
    expect(rows).toEqual([{
      NrWierszaFa: '1', P_7: 'Nagranie: Praca z ciałem w terapii Gestalt — źródła', Indeks: 'nagranie-1',
      P_8A: 'usł.', P_8B: '1', P_9B: '123.00', P_11A: '123.00', P_12: '23',
    }]);
    // Paid on 1 March Warsaw time (22:30 UTC is 23:30 in Warsaw): card.
    expect(fa.Platnosc).toEqual({ Zaplacono: '1', DataZaplaty: '2026-03-01', FormaPlatnosci: '2' });
    expect(fa).not.toHaveProperty('DaneFaKorygowanej');
  });

  it('answers every annotation the schema requires, with no exemption', () => {
    const { fa } = render('invoice-23-annotations', doc);
    expect(fa.Adnotacje).toEqual({
      P_16: '2', P_17: '2', P_18: '2', P_18A: '2', Zwolnienie: { P_19N: '1' },
      NoweSrodkiTransportu: { P_22N: '1' }, P_23: '2', PMarzy: { P_PMarzyN: '1' },
    });
  });

  it('gives the same bytes for the same document, and leaves out P_6 when the sale day is the issue day', () => {
    expect(toFa3Xml(doc)).toBe(toFa3Xml(structuredClone(doc)));
    const { fa } = render('invoice-same-day', { ...doc, saleDate: doc.issueDate });
    expect(fa).not.toHaveProperty('P_6');
  });

  it('refuses a consumer without a NIP: only invoices to a NIP go to KSeF', () => {
    expect(() => toFa3Xml({ ...doc, buyer: { ...doc.buyer, nip: null } })).toThrow(/buyer's NIP/);
  });
});

describe('toFa3Xml: VAT treatments', () => {
  it('puts an exempt sale in P_13_7 with no VAT field, marks P_19 and prints its legal basis in P_19A', () => {
    const { fa, rows } = render('invoice-exempt', invoiceOf([line('Superwizja grupowa (szkolenie zawodowe)', 45000, exempt, 'superwizja')]));
    expect(fa).toMatchObject({ P_13_7: '450.00', P_15: '450.00' });
    expect(Object.keys(fa).filter((k) => k.startsWith('P_14'))).toEqual([]);
    expect(at(fa, 'Adnotacje.Zwolnienie')).toEqual({ P_19: '1', P_19A: EXEMPT_BASIS });
    expect(rows[0]).toMatchObject({ P_12: 'zw', P_9B: '450.00', P_11A: '450.00' });
  });

  it('sums 8%, 5% and domestic 0% lines each in its own fields, in the schema order', () => {
    const doc = invoiceOf([line('Warsztat stacjonarny', 10800, rate(8), 'warsztat'), line('Książka: Gestalt', 5250, rate(5), 'ksiazka'), line('Publikacja', 2000, rate(0), 'pub')]);
    const { xml, fa, rows } = render('invoice-8-5-0', doc);
    expect(fa).toMatchObject({ P_13_2: '100.00', P_14_2: '8.00', P_13_3: '50.00', P_14_3: '2.50', P_13_6_1: '20.00', P_15: '180.50' });
    expect(rows.map((r) => r.P_12)).toEqual(['8', '5', '0 KR']);
    const order = ['P_13_2', 'P_14_2', 'P_13_3', 'P_14_3', 'P_13_6_1', 'P_15'].map((tag) => xml.indexOf(`<${tag}>`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('lists two distinct exemption bases in the one basis field', () => {
    const other = { kind: 'exempt' as const, basis: 'art. 113 ust. 1 ustawy o VAT' };
    const { fa } = render('invoice-two-bases', invoiceOf([line('Szkolenie', 10000, exempt, 'a'), line('Konsultacja', 5000, other, 'b')]));
    expect(at(fa, 'Adnotacje.Zwolnienie.P_19A')).toBe(`${EXEMPT_BASIS}; art. 113 ust. 1 ustawy o VAT`);
  });
});

describe('toFa3Xml: corrections', () => {
  const original = invoiceOf([line('Nagranie: Sen w terapii Gestalt', 20000, rate(23))]);
  const ksefNumber = '1234563218-20260302-0100001AF629-AF';

  it('corrects a 23% invoice after a partial refund: the original KSeF number, the reason, the lines before and after, the sums as differences', () => {
    const { faktura, fa, rows } = render('correction-23-ksef', correctionOf(original, [line('Nagranie: Sen w terapii Gestalt', 15000, rate(23))], ksefNumber));
    expect(at(faktura, 'Podmiot2.DaneIdentyfikacyjne.NIP')).toBe('5260250995');
    expect(fa).toMatchObject({
      RodzajFaktury: 'KOR', P_2: 'KOR/2026/000001', P_1: '2026-03-10',
      PrzyczynaKorekty: 'Częściowy zwrot po odstąpieniu od umowy', TypKorekty: '2',
      DaneFaKorygowanej: { DataWystFaKorygowanej: '2026-03-02', NrFaKorygowanej: 'FV/2026/000001', NrKSeF: '1', NrKSeFFaKorygowanej: ksefNumber },
    });
    // Before: 200.00 gross = 162.60 + 37.40; after: 150.00 = 121.95 + 28.05.
    expect(fa).toMatchObject({ P_13_1: '-40.65', P_14_1: '-9.35', P_15: '-50.00' });
    expect(rows.map((r) => [r.NrWierszaFa, r.P_11A, r.P_12, r.StanPrzed ?? null])).toEqual([['1', '200.00', '23', '1'], ['2', '150.00', '23', null]]);
    expect(fa).not.toHaveProperty('P_6');
  });

  it('marks an original that never went to KSeF, and corrects an exempt line with its basis', () => {
    const exemptOriginal = invoiceOf([line('Superwizja indywidualna', 30000, exempt, 'superwizja')]);
    const { fa, rows } = render('correction-exempt-no-ksef', correctionOf(exemptOriginal, [line('Superwizja indywidualna', 10000, exempt, 'superwizja')], null));
    expect(fa.DaneFaKorygowanej).toEqual({ DataWystFaKorygowanej: '2026-03-02', NrFaKorygowanej: 'FV/2026/000001', NrKSeFN: '1' });
    expect(fa).toMatchObject({ P_13_7: '-200.00', P_15: '-200.00' });
    expect(at(fa, 'Adnotacje.Zwolnienie')).toEqual({ P_19: '1', P_19A: EXEMPT_BASIS });
    expect(rows.map((r) => [r.P_11A, r.StanPrzed ?? null])).toEqual([['300.00', '1'], ['100.00', null]]);
  });

  it('refuses a correction that does not say what it corrects', () => {
    expect(() => toFa3Xml({ ...correctionOf(original, [], ksefNumber), correction: null })).toThrow(/corrects/);
  });
});

describe('toFa3Xml: hostile text', () => {
  const long = 'Ż'.repeat(150) + 'a'.repeat(150);
  const doc = invoiceOf([line('Nagranie <script>alert("x")</script> & \'cytat\'\u0000\u0007\u001B\uFFFE\uD800', 12300, rate(23))], {
    buyer: {
      name: `${long}\u0001<>&"'`, nip: '5260250995',
      address: { street: `ul. ${'Długa '.repeat(200)}\t\n1`, postalCode: '00-001', city: 'Warszawa\u007F\u0085', country: 'pl' },
    },
  });

  it('keeps markup characters as text, drops control and forbidden characters, and keeps the document well-formed', () => {
    const { xml, faktura, rows } = render('hostile-text', doc);
    const forbidden = (c: number) => (c < 0x20 && ![0x09, 0x0a, 0x0d].includes(c)) || (c >= 0x7f && c <= 0x9f) || c === 0xfffe || (c >= 0xd800 && c <= 0xdfff);
    expect([...xml].map((c) => c.codePointAt(0)!).filter(forbidden)).toEqual([]);
    expect(rows[0]!.P_7).toBe('Nagranie <script>alert("x")</script> & \'cytat\'');
    expect(at(faktura, 'Podmiot2.DaneIdentyfikacyjne.Nazwa')).toBe(`${long}<>&"'`);
    expect(at(faktura, 'Podmiot2.Adres.AdresL2')).toBe('00-001 Warszawa');
    expect(at(faktura, 'Podmiot2.Adres.KodKraju')).toBe('PL');
  });

  it('collapses whitespace and cuts a text past the schema limit (512 characters) instead of breaking the document', () => {
    const { faktura } = render('hostile-long-street', doc);
    const street = at(faktura, 'Podmiot2.Adres.AdresL1') as string;
    expect([...street].length).toBeLessThanOrEqual(512);
    expect(street).toMatch(/^ul\. Długa Długa /);
    expect(street).not.toMatch(/\s{2}|[\t\n]/);
  });

  it('refuses a name that is nothing but control characters, and a country that is no code', () => {
    expect(() => toFa3Xml({ ...doc, buyer: { ...doc.buyer, name: '\u0001\u0002 \t' } })).toThrow(/buyer's name is empty/);
    expect(() => toFa3Xml({ ...doc, buyer: { ...doc.buyer, address: { ...doc.buyer.address, country: 'Polska' } } })).toThrow(/country/);
  });
});

describe('toFa3Xml: another currency than PLN', () => {
  const doc = invoiceOf([line('Recording: Gestalt and the body', 5000, rate(23))], { currency: 'EUR' });

  it('refuses without the exchange rate the VAT in PLN needs', () => {
    expect(() => toFa3Xml(doc)).toThrow(/EUR needs the PLN exchange rate/);
    expect(() => toFa3Xml(doc, '4,25')).toThrow(/exchange rate/);
  });

  it('states the VAT also in PLN (P_14_1W) and the rate on each line', () => {
    const { fa, rows } = render('invoice-eur', doc, '4.2563');
    // 50.00 EUR gross = 40.65 + 9.35; 9.35 × 4.2563 = 39.796… → 39.80 PLN.
    expect(fa).toMatchObject({ KodWaluty: 'EUR', P_13_1: '40.65', P_14_1: '9.35', P_14_1W: '39.80', P_15: '50.00' });
    expect(rows[0]).toMatchObject({ KursWaluty: '4.2563' });
  });
});

describe('the FA(3) schema', () => {
  const schema = ksefFile('schemat_FA(3)_v1-0E.xsd');
  const name = schema.name('accepts every XML made above (xmllint)');
  it.skipIf(!hasXmllint() || schema.missing)(hasXmllint() ? name : `${name} (not run: install libxml2-utils)`, () => {
    expect(kept.length).toBeGreaterThanOrEqual(10);
    const verdict = validateAgainstFa3(kept);
    expect(verdict.ok, verdict.output).toBe(true);
  });
});
