import { randomBytes } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** The FA(3) namespace and form code (schemat_FA(3)_v1-0E.xsd). */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** The date part KSeF stamps into numbers: the day in Warsaw. */
export const warsawDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(at).replaceAll('-', '');

/** `YYYYMMDD-TT-XXXXXXXXXX-XXXXXXXXXX-XX` (contract: ReferenceNumber, 36 characters; TT: CR, AU, SO, EE...). */
export const referenceNumber = (type: string, at: Date) => `${warsawDay(at)}-${type}-${hex(5)}-${hex(5)}-${hex(1)}`;

/** CRC-8 (polynomial 0x07, initial 0): the two-hex-digit check that ends a KSeF number. */
function crc8(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** `NIP-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters, the only form KSeF 2.0 issues (contract: KsefNumber). */
export function ksefNumber(nip: string, at: Date): string {
  const body = `${nip}-${warsawDay(at)}-${hex(6)}`;
  return `${body}-${crc8(body)}`;
}

export type InspectedInvoice = { ok: true; sellerNip: string; invoiceNumber: string; issueDate: string } | { ok: false; details: string[] };

type Parsed = {
  Faktura?: {
    Naglowek?: { KodFormularza?: { '#text'?: string; '@_kodSystemowy'?: string; '@_wersjaSchemy'?: string } };
    Podmiot1?: { DaneIdentyfikacyjne?: { NIP?: string } };
    Fa?: { P_1?: string; P_2?: string };
  };
};

/** What KSeF checks before numbering, short of the full schema: well-formed XML, FA(3) by namespace and form code, the fields a UPO names. */
export function inspectInvoice(xml: string): InspectedInvoice {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return { ok: false, details: [`Dokument nie jest poprawnym XML: ${wellFormed.err.msg} (wiersz ${wellFormed.err.line})`] };
  const root = /<(?:[\w.-]+:)?Faktura\b[^>]*>/.exec(xml)?.[0] ?? '';
  if (!root.includes(`"${FA3_NAMESPACE}"`)) return { ok: false, details: ['Dokument nie jest fakturą w przestrzeni nazw FA(3).'] };
  const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false }).parse(xml) as Parsed;
  const form = parsed.Faktura?.Naglowek?.KodFormularza;
  if (form?.['@_kodSystemowy'] !== 'FA (3)' || form['@_wersjaSchemy'] !== '1-0E' || form['#text'] !== 'FA') {
    return { ok: false, details: ['Kod formularza nie odpowiada sesji: oczekiwano FA (3) 1-0E.'] };
  }
  const sellerNip = parsed.Faktura?.Podmiot1?.DaneIdentyfikacyjne?.NIP;
  const invoiceNumber = parsed.Faktura?.Fa?.P_2;
  const issueDate = parsed.Faktura?.Fa?.P_1;
  if (!sellerNip || !invoiceNumber || !issueDate) return { ok: false, details: ['Brak NIP sprzedawcy (Podmiot1), numeru (P_2) lub daty wystawienia (P_1).'] };
  return { ok: true, sellerNip, invoiceNumber, issueDate };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type UpoFacts = {
  sessionReference: string; contextNip: string; tokenReference: string; sellerNip: string; ksefNumber: string;
  invoiceNumber: string; issueDate: string; receivedAt: string; acquiredAt: string; invoiceHash: string;
};

/** An invoice's UPO as KSeF issues it (upo-v4-3.xsd, one Dokument). */
export function upoXml(f: UpoFacts): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3" wersjaSchemy="4-3">
  <NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>${f.sessionReference}</NumerReferencyjnySesji>
  <Uwierzytelnienie>
    <IdKontekstu><Nip>${f.contextNip}</Nip></IdKontekstu>
    <NumerReferencyjnyTokenaKSeF>${f.tokenReference}</NumerReferencyjnyTokenaKSeF>
  </Uwierzytelnienie>
  <NazwaStrukturyLogicznej>schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
  <KodFormularza>FA (3)</KodFormularza>
  <Dokument>
    <NipSprzedawcy>${f.sellerNip}</NipSprzedawcy>
    <NumerKSeFDokumentu>${f.ksefNumber}</NumerKSeFDokumentu>
    <NumerFaktury>${esc(f.invoiceNumber)}</NumerFaktury>
    <DataWystawieniaFaktury>${f.issueDate}</DataWystawieniaFaktury>
    <DataPrzeslaniaDokumentu>${f.receivedAt}</DataPrzeslaniaDokumentu>
    <DataNadaniaNumeruKSeF>${f.acquiredAt}</DataNadaniaNumeruKSeF>
    <SkrotDokumentu>${f.invoiceHash}</SkrotDokumentu>
    <TrybWysylki>Online</TrybWysylki>
  </Dokument>
</Potwierdzenie>
`;
}
