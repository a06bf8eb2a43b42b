import type { Kysely } from 'kysely';
import { escapeHtml, mailMessage } from '../mailing/index.ts';
import { DomainError, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { numberingYear } from '../shared/numbering/index.ts';
import { addToOutbox } from '../shared/outbox/index.ts';
import { clientKey, createRateLimiter, type Limit } from '../shared/rate-limit/index.ts';
import { fillTemplate } from '../shared/text/index.ts';
import { certificateFileName, formatHours, warsawDay, type Language } from './document.ts';
import { issuingHandlers, randomPublicId } from './issuing.ts';
import { certificateMailTexts } from './mail-texts.ts';
import { renderCertificatePdf } from './pdf.ts';
import type { CertificatePorts } from './ports.ts';
import { certificatesProjection } from './projection.ts';
import { certificateQueries } from './queries.ts';
import type { CertificatesTables } from './schema.ts';
import { renderSummaryPdf } from './summary-pdf.ts';
import { CERTIFICATE_TOPICS, type CertificateCheckPayload, type CertificateMailPayload } from './topics.ts';

export { certificateDecider, certificateStream, REASON_MAX, type CertificateEvent, type CertificateState } from './certificate.ts';
export { CERTIFICATE_SERIES, PUBLIC_ID, certificateFileName, formatDays, formatHours, type CertificateDocument, type Language as CertificateLanguage } from './document.ts';
export { certificateMailTexts } from './mail-texts.ts';
export { certificatePdfTexts } from './pdf-texts.ts';
export { renderCertificatePdf } from './pdf.ts';
export { CERTIFICATE_TOPICS } from './topics.ts';
export type { AttendanceSummary, CertificatePorts, SessionAttendance } from './ports.ts';
export type { CertificateSummary, CertificateVerification, EducationSummary } from './queries.ts';
export type { CertificatesTables } from './schema.ts';

/** The public page's limit per client (IPv4 address or IPv6 /64): a reader checks a few, a scraper guesses many. */
export const VERIFY_LIMIT: Limit = { max: 30, windowSeconds: 60 };

type Caller = { userId: string; admin: boolean };

/**
 * Certificates (issue 25): issued when attendance says a purchase meets its threshold ('certificate-check') or by an
 * admin's hand, numbered CERT/yyyy/nnnnnn without gaps, mailed as a PDF in the holder's language, verifiable by anyone
 * at `/certyfikat/{id}`, revoked or re-issued by an admin. Refusals: see certificate.ts and issuing.ts, and
 * `certificate-not-found`, `rate-limited`.
 */
export function createCertificates(ctx: ModuleContext, ports: CertificatePorts, options: { publicId?: () => string } = {}) {
  const clock = ctx.clock ?? systemClock;
  const db = ctx.db as unknown as Kysely<CertificatesTables>;
  const issuing = issuingHandlers({ db: ctx.db, store: ctx.store, clock, publicId: options.publicId ?? randomPublicId, siteName: ctx.config.SITE_NAME, ports });
  const queries = certificateQueries(db);
  const limiter = createRateLimiter(ctx.db, { clock });
  const verifyUrl = (certificateId: string) => new URL(`/certyfikat/${certificateId}`, ports.origin()).href;
  const holderNameOf = async (certificateId: string) => (await db.selectFrom('certificate_holders').select('name').where('certificate_id', '=', certificateId).executeTakeFirst())?.name ?? null;

  async function pdfOf(certificateId: string, language?: Language) {
    const { certificate } = await issuing.load(certificateId);
    if (!certificate) throw new DomainError('certificate-not-found');
    const lang = language ?? certificate.language;
    const bytes = await renderCertificatePdf({ document: certificate, holderName: await holderNameOf(certificateId), language: lang, verifyUrl: verifyUrl(certificateId) });
    return { filename: certificateFileName(certificate.number, lang === certificate.language ? undefined : lang), bytes, document: certificate };
  }

  /** Renders the certificate and queues the mail that carries it (once per certificate: the mail's dedupe key is its id). */
  async function mail(payload: unknown): Promise<void> {
    const { certificateId } = payload as CertificateMailPayload;
    const { certificate } = await issuing.load(certificateId);
    if (!certificate) return;
    const holder = await ports.holder(certificate.userId);
    if (!holder) return; // the account was erased: the certificate stays, nobody is left to mail it to
    const { filename, bytes } = await pdfOf(certificateId);
    const lang = certificate.language;
    const t = certificateMailTexts[lang];
    const vars = {
      number: certificate.number, title: certificate.title[lang], hours: formatHours(certificate.hoursAttended, lang), url: verifyUrl(certificateId),
      library: new URL('/video', ports.origin()).href, site: ctx.config.SITE_NAME,
    };
    const lines = [t.greeting, '', fillTemplate(t.body, vars), fillTemplate(t.verify, vars), fillTemplate(t.download, vars), '', fillTemplate(t.signature, vars)];
    await addToOutbox(ctx.db, [mailMessage(`certificate:${certificateId}`, {
      to: holder.email, subject: fillTemplate(t.subject, vars), text: lines.join('\n'), html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      attachments: [{ filename, contentType: 'application/pdf', content: bytes.toString('base64'), encoding: 'base64' }],
    })]);
  }

  return {
    projections: [certificatesProjection],
    outboxHandlers: {
      [CERTIFICATE_TOPICS.check]: async (payload: unknown) => { await issuing.check((payload as CertificateCheckPayload).purchaseId); },
      [CERTIFICATE_TOPICS.mail]: mail,
    },
    /** What 'certificate-check' does, for a caller that has the purchase at hand: the new certificate's id, or null. */
    check: issuing.check,
    issueByHand: issuing.issueByHand,
    reissue: issuing.reissue,
    revoke: issuing.revoke,
    certificatesOf: queries.certificatesOf,
    adminCertificates: queries.adminList,
    verifyUrl,
    /** A certificate's PDF for its holder or an admin (anyone else: `certificate-not-found`), in its language or the one asked. */
    async certificatePdf(certificateId: string, caller: Caller, language?: Language) {
      await queries.rowFor(certificateId, caller);
      const { filename, bytes } = await pdfOf(certificateId, language);
      return { filename, bytes };
    },
    /** The public page's facts, after counting the visit against the client's limit (`rate-limited` over it). */
    async verify(certificateId: string, client: { ip: string }) {
      if (await limiter.exceeded({ bucket: ['certificates:verify', clientKey(client.ip)], limit: VERIFY_LIMIT })) throw new DomainError('rate-limited');
      return queries.verification(certificateId);
    },
    /** The signed-in holder's summary page: hours by year, the last five years' total. */
    educationSummary: (userId: string) => queries.educationSummary(userId, numberingYear(clock())),
    /** The summary as one PDF, in the language asked. */
    async educationSummaryPdf(userId: string, language: Language) {
      const [summary, holder] = await Promise.all([queries.educationSummary(userId, numberingYear(clock())), ports.holder(userId)]);
      const asOf = warsawDay(clock().toISOString());
      const bytes = await renderSummaryPdf({ summary, holderName: holder?.name ?? '', language, asOf });
      return { filename: `${language === 'pl' ? 'ksztalcenie-ustawiczne' : 'continuing-education'}-${asOf}.pdf`, bytes };
    },
  };
}

export type Certificates = ReturnType<typeof createCertificates>;
