/**
 * The invoice document as FA(3) XML, the structured invoice KSeF takes (schema `FA (3)` 1-0E, in ../shared/ksef/).
 * Rendered from the document alone, so the same document always gives the same bytes: the SHA-256 printed in the
 * PDF's verification QR code (KOD I) is of exactly these bytes.
 */
import type { InvoiceDocument, InvoiceLine, PostalAddress, Totals, VatKey } from './document.ts';
import { vatKeyOf } from './document.ts';
import { amount, checkRate, day, el, tokenText, toPlnMinor, unitAmount, type Child } from './fa3-text.ts';
import { checkNip } from '../shared/text/index.ts';

const NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
const SYSTEM_INFO = 'Gestalt Online';
/** Every line is a service: a recording or a place at an event. */
const UNIT = 'usł.';

/** Where each treatment's sums go (P_13_x net, P_14_x VAT, P_14_xW VAT in PLN), and the line's P_12 code. */
const FIELDS: Record<VatKey, { net: string; vat: string | null; rate: string }> = {
  '23': { net: 'P_13_1', vat: 'P_14_1', rate: '23' },
  '8': { net: 'P_13_2', vat: 'P_14_2', rate: '8' },
  '5': { net: 'P_13_3', vat: 'P_14_3', rate: '5' },
  // Domestic 0%: the schema tells it apart from intra-EU supply and export, and sums it without a VAT field.
  '0': { net: 'P_13_6_1', vat: null, rate: '0 KR' },
  'zw': { net: 'P_13_7', vat: null, rate: 'zw' },
};

/** TypKorekty 2: a refund lowers the base in the period the correction is issued (VAT Act art. 29a ust. 13). */
const CORRECTION_IN_ITS_OWN_PERIOD = 2;
/** TFormaPlatnosci 2: card (Stripe). */
const CARD = 2;

const nip = (value: string | null, field: string): string => {
  const check = value === null ? null : checkNip(value);
  if (!check?.ok) throw new RangeError(`FA(3): ${field} is not a valid Polish NIP`);
  return check.value;
};

function country(code: string, field: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) throw new RangeError(`FA(3): ${field} is not a two-letter country code: ${JSON.stringify(code)}`);
  return upper;
}

/** AdresL1 the street, AdresL2 the postal code and city, as a Polish envelope has them. */
function address(a: PostalAddress, field: string, depth: number): string {
  return el('Adres', [
    el('KodKraju', country(a.country, `${field} country`), depth + 1),
    el('AdresL1', tokenText(a.street, 512, `${field} street`), depth + 1),
    el('AdresL2', tokenText(`${a.postalCode} ${a.city}`, 512, `${field} postal code and city`), depth + 1),
  ], depth);
}

function header(doc: InvoiceDocument): string {
  return [
    '  <Naglowek>',
    '    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>',
    el('WariantFormularza', 3, 2),
    el('DataWytworzeniaFa', doc.issuedAt, 2),
    el('SystemInfo', SYSTEM_INFO, 2),
    '  </Naglowek>',
  ].join('\n');
}

function parties(doc: InvoiceDocument): string[] {
  return [
    el('Podmiot1', [
      el('DaneIdentyfikacyjne', [el('NIP', nip(doc.seller.nip, "the seller's NIP"), 3), el('Nazwa', tokenText(doc.seller.name, 512, "the seller's name"), 3)], 2),
      address(doc.seller.address, "the seller's address", 2),
    ], 1),
    el('Podmiot2', [
      el('DaneIdentyfikacyjne', [el('NIP', nip(doc.buyer.nip, "the buyer's NIP (only a buyer with one gets FA(3))"), 3), el('Nazwa', tokenText(doc.buyer.name, 512, "the buyer's name"), 3)], 2),
      address(doc.buyer.address, "the buyer's address", 2),
      // Required flags: the buyer is neither a subordinate unit of local government (JST) nor a VAT-group member (GV).
      el('JST', 2, 2),
      el('GV', 2, 2),
    ], 1),
  ];
}

/**
 * P_13_x/P_14_x per treatment; for a correction the differences (the schema's "kwota różnicy"). In another currency
 * the VAT is also given in PLN (P_14_xW, VAT Act art. 106e ust. 11), converted at `rate`.
 */
function sums(totals: Totals, rate: ReturnType<typeof checkRate> | null): Child[] {
  return totals.byVat.flatMap(({ key, netMinor, vatMinor }) => {
    const f = FIELDS[key];
    return [
      el(f.net, amount(netMinor), 2),
      f.vat && el(f.vat, amount(vatMinor), 2),
      f.vat && rate && el(`${f.vat}W`, amount(toPlnMinor(vatMinor, rate)), 2),
    ];
  }).concat(el('P_15', amount(totals.grossMinor), 2));
}

/** The exemption bases of every exempt line on the document (before and after a correction), in order, once each. */
function exemptionBases(doc: InvoiceDocument): string[] {
  const lines = [...(doc.correction?.linesBefore ?? []), ...doc.lines];
  const fromLines = lines.flatMap((l) => (l.vat.kind === 'exempt' ? [l.vat.basis] : []));
  return [...new Set([...doc.exemptionBases, ...fromLines])];
}

/** Every annotation the schema requires, each answered: no cash accounting, self-billing, reverse charge, split payment, new means of transport, simplified triangulation or margin scheme. */
function annotations(doc: InvoiceDocument): string {
  const bases = exemptionBases(doc);
  // One field holds the basis (P_19A, 256 characters): several distinct bases are listed in it, separated.
  const exemption = bases.length > 0
    ? [el('P_19', 1, 4), el('P_19A', tokenText(bases.join('; '), 256, 'the exemption basis'), 4)]
    : [el('P_19N', 1, 4)];
  return el('Adnotacje', [
    el('P_16', 2, 3), el('P_17', 2, 3), el('P_18', 2, 3), el('P_18A', 2, 3),
    el('Zwolnienie', exemption, 3),
    el('NoweSrodkiTransportu', [el('P_22N', 1, 4)], 3),
    el('P_23', 2, 3),
    el('PMarzy', [el('P_PMarzyN', 1, 4)], 3),
  ], 2);
}

function correctionData(doc: InvoiceDocument): Child[] {
  const c = doc.correction;
  if (doc.kind !== 'correction') return [];
  if (!c) throw new RangeError('FA(3): a correction without the invoice it corrects');
  return [
    el('PrzyczynaKorekty', tokenText(c.reason.pl, 256, 'the reason for the correction'), 2),
    el('TypKorekty', CORRECTION_IN_ITS_OWN_PERIOD, 2),
    el('DaneFaKorygowanej', [
      el('DataWystFaKorygowanej', day(c.issueDate, "the corrected invoice's date"), 3),
      el('NrFaKorygowanej', tokenText(c.number, 256, "the corrected invoice's number"), 3),
      ...(c.ksefNumber === null
        ? [el('NrKSeFN', 1, 3)]
        : [el('NrKSeF', 1, 3), el('NrKSeFFaKorygowanej', tokenText(c.ksefNumber, 64, "the corrected invoice's KSeF number"), 3)]),
    ], 2),
  ];
}

/**
 * Lines priced gross (VAT reckoned from the gross, VAT Act art. 106e ust. 7): gross unit price P_9B and gross value
 * P_11A instead of the net ones. A correction lists the original's lines marked StanPrzed, then the lines after it.
 */
function lines(doc: InvoiceDocument, rate: ReturnType<typeof checkRate> | null): string[] {
  const before = doc.kind === 'correction' ? doc.correction?.linesBefore ?? [] : [];
  const all: [InvoiceLine, boolean][] = [...before.map((l): [InvoiceLine, boolean] => [l, true]), ...doc.lines.map((l): [InvoiceLine, boolean] => [l, false])];
  return all.map(([line, stateBefore], i) => el('FaWiersz', [
    el('NrWierszaFa', i + 1, 3),
    el('P_7', tokenText(line.name.pl, 512, `line ${i + 1}'s name`), 3),
    el('Indeks', tokenText(line.productKey, 50, `line ${i + 1}'s product key`), 3),
    el('P_8A', UNIT, 3),
    el('P_8B', quantity(line.quantity), 3),
    el('P_9B', unitAmount(line.grossMinor, line.quantity), 3),
    el('P_11A', amount(line.grossMinor), 3),
    el('P_12', FIELDS[vatKeyOf(line.vat)].rate, 3),
    rate && el('KursWaluty', rate.text, 3),
    stateBefore && el('StanPrzed', 1, 3),
  ], 2));
}

function quantity(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`FA(3): not a quantity: ${value}`);
  return String(value);
}

/** Paid by card before the invoice was issued (for a correction: the refund, by card). */
function payment(doc: InvoiceDocument): string {
  return el('Platnosc', [
    el('Zaplacono', 1, 3),
    el('DataZaplaty', day(doc.payment.paidAt, 'the payment date'), 3),
    el('FormaPlatnosci', CARD, 3),
  ], 2);
}

/**
 * The FA(3) XML of an invoice (RodzajFaktury VAT) or a correction (KOR) to a buyer with a NIP. A document in another
 * currency than PLN needs `plnRate`, the exchange rate (PLN per unit, decimal string as the NBP publishes it) by which
 * its VAT is also stated in PLN; without one it is refused, as the document does not carry it.
 */
export function toFa3Xml(doc: InvoiceDocument, plnRate?: string): string {
  if (doc.currency !== 'PLN' && plnRate === undefined) {
    throw new RangeError(`FA(3): a document in ${doc.currency} needs the PLN exchange rate its VAT is converted at`);
  }
  const rate = doc.currency === 'PLN' ? null : checkRate(plnRate!);
  const fa = el('Fa', [
    el('KodWaluty', doc.currency, 2),
    el('P_1', day(doc.issueDate, 'the issue date'), 2),
    el('P_1M', tokenText(doc.placeOfIssue, 256, 'the place of issue'), 2),
    el('P_2', tokenText(doc.number, 256, 'the number'), 2),
    // The day of sale only when it differs from the day of issue, as the schema's annotation asks.
    doc.saleDate !== doc.issueDate && el('P_6', day(doc.saleDate, 'the sale date'), 2),
    ...sums(doc.totals, rate),
    annotations(doc),
    el('RodzajFaktury', doc.kind === 'correction' ? 'KOR' : 'VAT', 2),
    ...correctionData(doc),
    ...lines(doc, rate),
    payment(doc),
  ], 1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Faktura xmlns="${NAMESPACE}">`,
    header(doc),
    ...parties(doc),
    fa,
    '</Faktura>',
    '',
  ].join('\n');
}
