/**
 * The continuing-education summary as one PDF: the holder's valid certificates by year with each year's hours, and
 * the total of the last five years. Its dates are those of the newest certificate listed (or the day asked, as the
 * "as of" line), so the same certificates on the same day give the same bytes.
 */
import { cleanText, drawFooters, renderPdf, type Column, type Cursor } from '../shared/pdf/index.ts';
import { fillTemplate } from '../shared/text/index.ts';
import { formatHours, type Language } from './document.ts';
import { dayRange } from './pdf.ts';
import { certificatePdfTexts, type CertificatePdfTextKey } from './pdf-texts.ts';
import type { EducationSummary } from './queries.ts';

export type SummaryPdfInput = { summary: EducationSummary; holderName: string; language: Language; asOf: string };

export function renderSummaryPdf(input: SummaryPdfInput): Promise<Buffer> {
  const issued = input.summary.years.flatMap((y) => y.certificates.map((c) => c.issuedAt)).sort().at(-1) ?? `${input.asOf}T00:00:00.000Z`;
  return renderPdf({ title: certificatePdfTexts[input.language].summaryTitle, language: input.language, issuedAt: issued, identity: ['summary', input] }, (c) => draw(c, input));
}

function draw(c: Cursor, { summary, holderName, language, asOf }: SummaryPdfInput) {
  const t = (key: CertificatePdfTextKey, vars: Record<string, string> = {}) => fillTemplate(certificatePdfTexts[language][key], vars);
  const hours = (h: number) => formatHours(h, language);
  c.line(t('summaryTitle'), { size: 18, weight: 'bold' }, 6);
  c.line(t('summaryHolder', { name: cleanText(holderName) }), { size: 11, weight: 'bold' }, 2);
  c.line(t('summaryAsOf', { date: asOf }), { size: 9 }, 12);
  c.line(t('summaryFiveYears', { from: String(summary.fiveYears.from), to: String(summary.fiveYears.to), hours: hours(summary.fiveYears.hours) }), { size: 12, weight: 'bold' }, 12);
  if (summary.years.length === 0) c.line(t('summaryNone'), { size: 10 });
  const columns: Column[] = [
    { label: t('colNumber'), width: 110 }, { label: t('colTraining'), width: 195 }, { label: t('colDay'), width: 110 }, { label: t('colAttended'), width: 100, align: 'right' },
  ];
  for (const year of summary.years) {
    c.line(t('summaryYear', { year: String(year.year) }), { size: 11, weight: 'bold' }, 4);
    c.table(columns, year.certificates.map((cert) => [
      cleanText(cert.number), cleanText(cert.title[language]), dayRange(cert.firstDay, cert.lastDay), `${hours(cert.hoursAttended)} / ${hours(cert.hoursOffered)}`,
    ]), { size: 8.5 });
    c.line(t('summaryYearTotal', { year: String(year.year), hours: hours(year.hours) }), { size: 9, weight: 'bold' }, 12);
  }
  c.line(t('summaryNote'), { size: 8, color: '#555555' });
  drawFooters(c, (page, pages) => t('page', { page: String(page), pages: String(pages) }));
}
