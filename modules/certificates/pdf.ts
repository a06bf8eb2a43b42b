/**
 * A certificate as a PDF (A4), drawn from the issued CertificateDocument and the holder's name (or the words for a
 * deleted account), in either language. Same document, name, language and link: same bytes (modules/shared/pdf).
 */
import { cleanText, CONTENT_WIDTH, drawFooters, drawQr, PAGE, qrMatrix, renderPdf, type Column, type Cursor } from '../shared/pdf/index.ts';
import { fillTemplate } from '../shared/text/index.ts';
import { daysOf, formatHours, warsawClock, warsawDay, type CertificateDocument, type Language } from './document.ts';
import { certificatePdfTexts, type CertificatePdfTextKey } from './pdf-texts.ts';

export type CertificatePdfInput = {
  document: CertificateDocument;
  /** null: the account was deleted, the name erased. */
  holderName: string | null;
  language: Language;
  /** The public verification page, printed as a link and as the QR code. */
  verifyUrl: string;
};

const QR_SIZE = 100;

export const dayRange = (first: string, last: string) => (first === last ? first : `${first} – ${last}`);

export function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { document: doc, language } = input;
  return renderPdf({ title: doc.number, language, issuedAt: doc.issuedAt, identity: ['certificate', input] }, (c) => draw(c, input));
}

function draw(c: Cursor, { document: doc, holderName, language, verifyUrl }: CertificatePdfInput) {
  const t = (key: CertificatePdfTextKey, vars: Record<string, string> = {}) => fillTemplate(certificatePdfTexts[language][key], vars);
  const other: Language = language === 'pl' ? 'en' : 'pl';
  const hours = (h: number) => formatHours(h, language);
  const top = c.y;
  const left = CONTENT_WIDTH - QR_SIZE - 16;
  drawQr(c.pdf, qrMatrix(verifyUrl), PAGE.margin + CONTENT_WIDTH - QR_SIZE, top, QR_SIZE);
  c.line(t('title'), { size: 20, weight: 'bold' }, 6, PAGE.margin, left);
  c.line(t('number', { number: cleanText(doc.number) }), { size: 12, weight: 'bold' }, 4, PAGE.margin, left);
  c.line(t('issuedOn', { date: warsawDay(doc.issuedAt) }), { size: 9 }, 2, PAGE.margin, left);
  c.y = Math.max(c.y, top + QR_SIZE) + 24;

  c.line(t('certifies'), { size: 11, align: 'center' }, 8);
  c.line(holderName === null ? t('deletedHolder') : cleanText(holderName), { size: 22, weight: 'bold', align: 'center' }, 8);
  c.line(t('attended'), { size: 11, align: 'center' }, 8);
  c.line(`„${cleanText(doc.title[language])}”`, { size: 16, weight: 'bold', align: 'center' }, 4);
  if (doc.title[other] && doc.title[other] !== doc.title[language]) c.line(t('otherTitle', { title: cleanText(doc.title[other]) }), { size: 9, align: 'center', color: '#555555' }, 4);
  c.gap(14);

  const days = daysOf(doc);
  c.line(t('dates', { dates: dayRange(days.first, days.last) }), { size: 10 });
  const place = doc.place[language] || doc.place[other];
  if (place.trim()) c.line(t('place', { place: cleanText(place) }), { size: 10 });
  c.line(t('hoursOffered', { hours: hours(doc.hoursOffered) }), { size: 10, weight: 'bold' });
  c.line(t('hoursAttended', { hours: hours(doc.hoursAttended) }), { size: 10, weight: 'bold' });
  if (doc.facilitators.length > 0) c.line(t('facilitators', { names: doc.facilitators.map(cleanText).join(', ') }), { size: 10 });
  if (doc.replaces) c.line(t('replaces', { number: cleanText(doc.replaces.number) }), { size: 9 });
  c.gap(12);

  if (doc.sessions.length > 0) {
    c.line(t('sessionsHeading'), { size: 10, weight: 'bold' }, 4);
    const columns: Column[] = [
      { label: t('colNo'), width: 30, align: 'right' }, { label: t('colDay'), width: 110 }, { label: t('colTime'), width: 120 },
      { label: t('colHours'), width: 100, align: 'right' }, { label: t('colPresent'), width: CONTENT_WIDTH - 360 },
    ];
    c.table(columns, doc.sessions.map((s, i) => [
      String(i + 1), warsawDay(s.start), `${warsawClock(s.start)}–${warsawClock(s.end)}`, hours(s.hoursOffered),
      s.present === null ? t('unknown') : !s.present ? t('absent')
        // Part of a session (a participant report's minutes): the hours it counted. Certificates issued before hours
        // counted existed have none and print as they always did.
        : s.hoursCounted !== undefined && s.hoursCounted < s.hoursOffered ? t('presentFor', { hours: hours(s.hoursCounted) }) : t('present'),
    ]), { size: 8.5 });
    c.gap(14);
  }

  c.line(t('issuedBy'), { size: 8, weight: 'bold', color: '#555555' }, 2);
  c.line(cleanText(doc.institute.name), { size: 10, weight: 'bold' }, 1);
  for (const line of doc.institute.addressLines) if (line.trim()) c.line(cleanText(line), { size: 9 }, 1);
  if (doc.institute.nip) c.line(t('nip', { nip: cleanText(doc.institute.nip) }), { size: 9 }, 1);
  c.gap(10);
  c.line(t('verify', { url: verifyUrl }), { size: 9 });

  drawFooters(c, (page, pages) => `${cleanText(doc.number)} · ${t('page', { page: String(page), pages: String(pages) })}`);
}
