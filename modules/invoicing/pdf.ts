/**
 * The invoice or correction as a PDF (A4), drawn from the InvoiceDocument alone, in the language asked for. The same
 * document and options give the same bytes: the font is DejaVu Sans from its npm package (subset, embedded), the PDF's
 * dates are the issue instant, and its trailer /ID is a digest of what was rendered (pdfkit's own is an MD5 of the
 * info dictionary, which would give the Polish and English files of one invoice the same ID).
 */
import { fillTemplate } from '../shared/text/index.ts';
import { totalsOf, vatKeyOf, type InvoiceDocument, type InvoiceLine, type Language, type PostalAddress, type Totals } from './document.ts';
import { CONTENT_WIDTH, cleanText, Cursor, drawFooters, drawQr, PAGE, qrMatrix, renderPdf, type Column, type QrMatrix } from '../shared/pdf/index.ts';
import { formatAmount, formatDay, formatRate, warsawDay } from './pdf-format.ts';
import { pdfTexts, type PdfTextKey } from './pdf-texts.ts';

export type InvoicePdfOptions = {
  language: Language;
  /** KOD I of kody-qr.md: the verification link, and the KSeF number (or "OFFLINE" until one is assigned) under it. */
  ksef: { url: string; label: string } | null;
};

const QR_SIZE = 110;
const QR_BOX = 170;

export async function renderInvoicePdf(doc: InvoiceDocument, options: InvoicePdfOptions): Promise<Buffer> {
  const { language, ksef } = options;
  const qr = ksef ? qrMatrix(ksef.url) : null;
  return renderPdf({ title: doc.number, language, issuedAt: doc.issuedAt, identity: [doc, options] },
    (c) => draw(c, doc, language, ksef && qr ? { label: ksef.label, matrix: qr } : null));
}

function draw(c: Cursor, doc: InvoiceDocument, language: Language, qr: { label: string; matrix: QrMatrix } | null) {
  const texts = pdfTexts[language];
  const t = (key: PdfTextKey, vars: Record<string, string> = {}) => fillTemplate(texts[key], vars);
  const money = (minor: number) => formatAmount(minor, doc.currency, language);
  const correction = doc.correction;

  // Heading: title, number and dates on the left; the KSeF code on the right.
  const left = CONTENT_WIDTH - (qr ? QR_BOX : 0);
  const top = c.y;
  c.line(t(doc.kind === 'correction' ? 'correctionTitle' : 'invoiceTitle'), { size: 20, weight: 'bold' }, 4, PAGE.margin, left);
  c.line(t('number', { number: cleanText(doc.number) }), { size: 12, weight: 'bold' }, 10, PAGE.margin, left);
  for (const [label, value] of [['issueDate', formatDay(doc.issueDate)], ['saleDate', formatDay(doc.saleDate)], ['placeOfIssue', cleanText(doc.placeOfIssue)]] as const) {
    c.line(`${t(label)}: ${value}`, { size: 9 }, 2, PAGE.margin, left);
  }
  if (qr) {
    const x = PAGE.margin + CONTENT_WIDTH - QR_BOX;
    drawQr(c.pdf, qr.matrix, x + (QR_BOX - QR_SIZE) / 2, top, QR_SIZE);
    const labelHeight = c.put(cleanText(qr.label), x, top + QR_SIZE + 2, QR_BOX, { size: 7, align: 'center' });
    c.y = Math.max(c.y, top + QR_SIZE + 2 + labelHeight);
  }
  c.gap(14);

  // Seller and buyer side by side, the taller one setting where the page goes on.
  const half = (CONTENT_WIDTH - 20) / 2;
  const partyTop = c.y;
  const party = (x: number, heading: string, p: { name: string; nip: string | null; address: PostalAddress; bankAccount?: string | null }) => {
    let y = partyTop;
    y += c.put(heading, x, y, half, { size: 8, weight: 'bold', color: '#555555' }) + 2;
    y += c.put(cleanText(p.name), x, y, half, { size: 10, weight: 'bold' }) + 1;
    for (const text of [...addressLines(p.address), p.nip ? t('nip', { nip: cleanText(p.nip) }) : '', p.bankAccount ? t('bankAccount', { account: cleanText(p.bankAccount) }) : '']) {
      if (text) y += c.put(text, x, y, half, { size: 9 }) + 1;
    }
    return y;
  };
  c.room(120);
  const partyBottom = Math.max(party(PAGE.margin, t('seller'), doc.seller), party(PAGE.margin + half + 20, t('buyer'), doc.buyer));
  c.y = partyBottom + 14;

  if (correction) {
    c.line(t('corrects', { number: cleanText(correction.number), date: formatDay(correction.issueDate) }), { size: 10, weight: 'bold' });
    if (correction.ksefNumber) c.line(t('correctsKsef', { ksef: cleanText(correction.ksefNumber) }), { size: 9 });
    c.line(t('reason', { reason: cleanText(correction.reason[language]) }), { size: 9 }, 12);
    c.line(t('linesBefore'), { size: 10, weight: 'bold' }, 4);
    linesTable(c, correction.linesBefore, correction.totalsBefore, language, t, money);
    c.gap(12);
    c.line(t('linesAfter'), { size: 10, weight: 'bold' }, 4);
  } else {
    c.line(t('linesHeading'), { size: 10, weight: 'bold' }, 4);
  }
  linesTable(c, doc.lines, totalsOf(doc.lines), language, t, money);
  c.gap(14);

  // Sums per rate, at the right: what this document adds (a correction: after minus before).
  c.line(t(correction ? 'sumsDifference' : 'sumsHeading'), { size: 9, weight: 'bold' }, 4, PAGE.margin + CONTENT_WIDTH - 320, 320);
  sumsTable(c, doc.totals, t, money);
  c.gap(12);

  const gross = doc.totals.grossMinor;
  if (correction) {
    const due = gross < 0 ? t('refund', { amount: money(-gross) }) : gross > 0 ? t('extraDue', { amount: money(gross) }) : t('noDifference');
    c.line(due, { size: 12, weight: 'bold' }, 6);
  } else {
    c.line(t('totalDue', { amount: money(gross) }), { size: 12, weight: 'bold' }, 6);
    c.line(t('paidByCard', { date: formatDay(warsawDay(doc.payment.paidAt)), amount: money(doc.payment.paidMinor) }), { size: 9 }, 6);
  }
  for (const basis of doc.exemptionBases) c.line(t('exemption', { basis: cleanText(basis) }), { size: 8.5 }, 3);

  footers(c, `${cleanText(doc.number)} · `, t);
}

function addressLines(address: PostalAddress): string[] {
  const city = cleanText(`${address.postalCode} ${address.city}`);
  // A Polish address needs no country line; any other is named by its code.
  return [cleanText(address.street), address.country === 'PL' ? city : `${city}, ${cleanText(address.country)}`].filter(Boolean);
}

type T = (key: PdfTextKey, vars?: Record<string, string>) => string;

function linesTable(c: Cursor, lines: readonly InvoiceLine[], totals: Totals, language: Language, t: T, money: (minor: number) => string) {
  const columns: Column[] = [
    { label: t('colNo'), width: 24, align: 'right' }, { label: t('colName'), width: 139 },
    { label: t('colQuantity'), width: 28, align: 'right' }, { label: t('colUnit'), width: 38 },
    { label: t('colRate'), width: 46, align: 'right' }, { label: t('colNet'), width: 80, align: 'right' },
    { label: t('colVat'), width: 80, align: 'right' }, { label: t('colGross'), width: 80, align: 'right' },
  ];
  const rows = lines.map((line, i) => [
    `${i + 1}`, cleanText(line.name[language]), String(line.quantity), t('unit'),
    formatRate(vatKeyOf(line.vat), t('exempt')),
    money(line.netMinor), money(line.vatMinor), money(line.grossMinor),
  ]);
  rows.push(['', t('total'), '', '', '', money(totals.netMinor), money(totals.vatMinor), money(totals.grossMinor)]);
  c.table(columns, rows, { boldRows: 1 });
}

function sumsTable(c: Cursor, totals: Totals, t: T, money: (minor: number) => string) {
  const columns: Column[] = [
    { label: t('colRate'), width: 80 }, { label: t('colNet'), width: 80, align: 'right' },
    { label: t('colVat'), width: 80, align: 'right' }, { label: t('colGross'), width: 80, align: 'right' },
  ];
  const rows = totals.byVat.map((sum) => [formatRate(sum.key, t('exempt')), money(sum.netMinor), money(sum.vatMinor), money(sum.grossMinor)]);
  rows.push([t('total'), money(totals.netMinor), money(totals.vatMinor), money(totals.grossMinor)]);
  c.table(columns, rows, { x: PAGE.margin + CONTENT_WIDTH - 320, boldRows: 1 });
}

/** "FV/2026/000001 · Page 1 of 2" at the foot of every page. */
function footers(c: Cursor, prefix: string, t: T) {
  drawFooters(c, (page, pages) => prefix + t('page', { page: String(page), pages: String(pages) }));
}
