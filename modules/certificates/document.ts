import { formatDate } from '../shared/text/index.ts';

/**
 * What a certificate says, as issued: a copy of everything printed, so a later change of the product, the
 * attendance or the institute's data never changes an issued certificate. The holder's name is the one thing kept
 * out of it (events hold no personal data): it lives in `certificate_holders` until the account is erased.
 */
export type Language = 'pl' | 'en';

/**
 * One session as attended: its hours, whether the holder was there (null: nobody recorded it) and the hours it counted
 * (less than offered when a participant report gave minutes; absent on certificates issued before it was recorded).
 */
export type CertificateSession = { start: string; end: string; hoursOffered: number; present: boolean | null; hoursCounted?: number };

export type InstituteData = { name: string; addressLines: string[]; nip: string | null };

export type CertificateDocument = {
  /** The public, unguessable id of the verification link (`/certyfikat/{id}`), also the stream's. */
  certificateId: string;
  /** `CERT/2026/000123`, from the CERT series of the Warsaw year of `issuedAt`. */
  number: string;
  issuedAt: string;
  /** The holder's language when it was issued: the mailed PDF's. Both can be rendered. */
  language: Language;
  purchaseId: string;
  userId: string;
  productKey: string;
  title: { pl: string; en: string };
  sessions: CertificateSession[];
  place: { pl: string; en: string };
  hoursOffered: number;
  hoursAttended: number;
  facilitators: string[];
  institute: InstituteData;
  /** The certificate this one replaces after a correction (that one records CertificateReplaced). */
  replaces: { certificateId: string; number: string } | null;
  /** How it came: the attendance threshold met (outbox), or an admin's hand. */
  via: 'threshold' | 'admin';
};

/** Everything but what the numbered transaction adds. */
export type CertificateDraft = Omit<CertificateDocument, 'number' | 'issuedAt'>;

/** The CERT series of document_counters (modules/shared/numbering). */
export const CERTIFICATE_SERIES = 'CERT';

/** `CERT/2026/000001` → `CERT-2026-000001.pdf` (`-en` for the other language's file). */
export const certificateFileName = (number: string, language?: Language) => `${number.replaceAll('/', '-')}${language ? `-${language}` : ''}.pdf`;

/** A public id: 16 characters of base64url (96 random bits), short enough to type from paper. */
export const PUBLIC_ID = /^[A-Za-z0-9_-]{16}$/;

/** The first and last Warsaw day of the sessions (the issue day when there are none). */
export function daysOf(doc: Pick<CertificateDocument, 'sessions' | 'issuedAt'>): { first: string; last: string } {
  const days = doc.sessions.map((s) => warsawDay(s.start)).sort();
  const fallback = warsawDay(doc.issuedAt);
  return { first: days[0] ?? fallback, last: days.at(-1) ?? fallback };
}

const warsawDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' });
const warsawTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** yyyy-mm-dd on Warsaw's calendar (en-CA writes the ISO order). */
export const warsawDay = (iso: string): string => warsawDate.format(new Date(iso));
/** hh:mm on Warsaw's clock. */
export const warsawClock = (iso: string): string => warsawTime.format(new Date(iso));

/** Hours as printed: `25,5 h` or `6,25 h` in Polish, `25.5 h` in English; quarters at most, so two decimals. */
export function formatHours(hours: number, language: Language): string {
  // Two decimals: hours counted from a report's minutes come in quarters (6.25, 6.75), which one decimal would misstate.
  const text = String(Math.round(hours * 100) / 100);
  return `${language === 'pl' ? text.replace('.', ',') : text}\u00a0h`;
}

/**
 * A training's days (yyyy-mm-dd on Warsaw's calendar) as the web pages show them, in words ("7 marca 2026 – 9 marca
 * 2026"); the PDF keeps the ISO days, which read the same in both languages and keep its bytes stable.
 */
export function formatDays(first: string, last: string, language: Language): string {
  const day = (d: string) => formatDate(new Date(`${d}T12:00:00Z`), language);
  return first === last ? day(first) : `${day(first)} – ${day(last)}`;
}
