import type { AuditEntry } from '../../modules/audit/index.ts';
import { formatDate, formatMoney } from '../../modules/shared/text/index.ts';
import type { Lang, MessageKey, Translate } from '../i18n/index.ts';

/** Product fields with a name of their own in the summary; any other field shows as the product definition names it. */
const FIELD_KEYS: Record<string, MessageKey> = {
  price: 'audit.field.price', title: 'audit.field.title', titleEn: 'audit.field.titleEn', startsAt: 'audit.field.startsAt',
  liveLink: 'audit.field.liveLink', recordingLink: 'audit.field.recordingLink',
  days: 'audit.field.days', dailyEnd: 'audit.field.dailyEnd', breakTime: 'audit.field.breakTime', place: 'audit.field.place',
  hours: 'audit.field.hours', joinOpensMinutes: 'audit.field.joinOpensMinutes', details: 'audit.field.details',
  sessions: 'audit.field.sessions', capacity: 'audit.field.capacity', offerHours: 'audit.field.offerHours', reminderOffsets: 'audit.field.reminderOffsets',
  sessionHours: 'audit.field.sessionHours', certificateMinHours: 'audit.field.certificateMinHours',
};

/** The seller's settings (invoicing) by the name of each field. */
const SELLER_KEYS: Record<string, MessageKey> = {
  name: 'audit.seller.name', address: 'audit.seller.address', nip: 'audit.seller.nip', bankAccount: 'audit.seller.bankAccount',
  series: 'audit.seller.series', placeOfIssue: 'audit.seller.placeOfIssue', defaultVat: 'audit.seller.defaultVat',
};

/** A buyer's NIP as the invoice lines name it, or that there is none (a consumer's invoice). */
const nipOf = (nip: string | null, t: Translate) => (nip ? t('audit.invoice.nip', { nip }) : t('audit.invoice.noNip'));

/** "120,00 PLN" / "120.00 PLN": amounts are whole units of their currency. */
const money = (amount: number, currency: string, lang: Lang) => formatMoney(amount, currency, lang, 'ledger');

/**
 * One short sentence in the admin's language saying what an audit entry records. It names a buyer only while
 * they have a name (an erased user reads "usunięty użytkownik"), and a deleted account only by its id.
 */
export function auditSummary(entry: AuditEntry, t: Translate, lang: Lang): string {
  const s = entry.subject;
  const product = entry.productTitle ? entry.productTitle[lang] : t('admin.unknownFilm');
  const buyer = entry.person?.name ?? t('audit.deletedUser');
  switch (s.kind) {
    case 'purchase':
      return t('audit.summary.purchase', { product, amount: money(s.amount, s.currency, lang), buyer });
    case 'duplicatePayment':
      return t('audit.summary.duplicatePayment', { product, amount: money(s.amount, s.currency, lang), buyer });
    case 'paymentMismatch':
      return t('audit.summary.paymentMismatch', { product, amount: money(s.amount, s.currency, lang), buyer,
        asked: s.asked ? money(s.asked.amount, s.asked.currency, lang) : t('audit.nothingAsked') });
    case 'accessGranted':
      return t('audit.summary.accessGranted', { product, buyer, reason: s.reason });
    case 'accessRevoked':
      return t('audit.summary.accessRevoked', { product, buyer });
    case 'withdrawal':
      return t('audit.summary.withdrawal', { product, buyer, amount: money(s.amount, s.currency, lang), proRata: money(s.proRata, s.currency, lang) });
    case 'refund':
      return t('audit.summary.refund', { product, amount: money(s.amount, s.currency, lang), buyer });
    case 'refundRequested':
      return t('audit.summary.refundRequested', { product, amount: money(s.amount, s.currency, lang), buyer,
        reason: s.by === 'admin' ? s.reason : t(s.by === 'provider' ? 'audit.refundBy.provider' : 'audit.refundBy.withdrawal') });
    case 'refundCompleted':
      return t('audit.summary.refundCompleted', { product, amount: money(s.amount, s.currency, lang), buyer });
    case 'accessEnded':
      return t(s.cause === 'withdrawal' ? 'audit.summary.accessEndedByWithdrawal' : 'audit.summary.accessEnded', { product, buyer });
    case 'campaign': {
      const target = s.target === 'all' ? t('audit.allUsers') : entry.productTitle ? product : (s.target ?? t('audit.untitled'));
      const subject = s.subject ?? t('audit.untitled');
      return s.recipients === null ? t('audit.summary.campaign', { subject, target })
        : t('audit.summary.campaignCount', { subject, target, recipients: s.recipients });
    }
    case 'deletion':
      return t('audit.summary.deletion', { user: s.userId ?? '?' });
    case 'articleAdded':
    case 'articleRemoved':
      return t(s.kind === 'articleAdded' ? 'audit.summary.articleAdded' : 'audit.summary.articleRemoved', { title: s.title ?? s.key });
    case 'productRevised':
      return t('audit.summary.productRevised', {
        product, fields: s.fields.map((f) => (FIELD_KEYS[f] ? t(FIELD_KEYS[f]) : f)).join(', '),
      });
    case 'productCreated':
      return t('audit.summary.productCreated', { product });
    case 'productUnpublished':
      return t('audit.summary.productUnpublished', { product });
    case 'productRepublished':
      return t('audit.summary.productRepublished', { product });
    case 'sellerSettingsChanged':
      return t('audit.summary.sellerSettingsChanged', { fields: s.fields.map((f) => (SELLER_KEYS[f] ? t(SELLER_KEYS[f]) : f)).join(', ') });
    case 'vatTreatmentSet':
      return t('audit.summary.vatTreatmentSet', { product, treatment: s.treatment === null ? t('audit.vat.default')
        : s.treatment.kind === 'rate' ? t('audit.vat.rate', { rate: s.treatment.rate }) : t('audit.vat.exempt', { basis: s.treatment.basis }) });
    case 'invoiceRequested':
      return t('audit.summary.invoiceRequested', { via: t(s.via === 'later' ? 'audit.invoice.later' : 'audit.invoice.atCheckout'), buyer: s.buyerName, nip: nipOf(s.nip, t) });
    case 'invoiceIssued':
      return t('audit.summary.invoiceIssued', { number: s.number, buyer: s.buyerName, nip: nipOf(s.nip, t) });
    case 'correctionIssued':
      return t('audit.summary.correctionIssued', { number: s.number, corrects: s.corrects, buyer: s.buyerName, nip: nipOf(s.nip, t) });
    case 'ksefAccepted':
      return t('audit.summary.ksefAccepted', { number: s.number ?? t('audit.invoice.unknown'), ksefNumber: s.ksefNumber });
    case 'ksefRejected':
      return t('audit.summary.ksefRejected', { number: s.number ?? t('audit.invoice.unknown'), code: s.code ?? '', description: s.description }).replace(/: {2}/, ': ');
    case 'ksefResubmitted':
      return t('audit.summary.ksefResubmitted', { number: s.number ?? t('audit.invoice.unknown'), attempt: s.attempt ?? '?' });
    case 'waitlistJoined':
      return t('audit.summary.waitlistJoined', { product, buyer });
    case 'waitlistLeft':
      return t('audit.summary.waitlistLeft', { product, buyer, reason: t(`waitlist.reason.${s.reason}` as MessageKey) });
    case 'seatOffered':
      return t('audit.summary.seatOffered', { product, buyer, until: s.expiresAt ? formatDate(new Date(s.expiresAt), lang, 'dayTime') : '?' });
    case 'offerEnded':
      return t('audit.summary.offerEnded', { product, buyer, reason: t(`waitlist.reason.${s.reason}` as MessageKey) });
    case 'waitlistClosed':
      return t('audit.summary.waitlistClosed', { product });
    default: {
      const never: never = s;
      return never;
    }
  }
}

/**
 * The audit trail as a spreadsheet reads it: one row an entry, its subject by kind and stable id, the amount and
 * currency as columns of their own beside the sentence, times in UTC (ISO 8601), the header in the admin's language.
 */
export function auditCsvRows(entries: readonly AuditEntry[], t: Translate, lang: Lang): string[][] {
  const header = (['at', 'type', 'event', 'actorId', 'actor', 'subjectKind', 'subjectId', 'amount', 'currency', 'summary'] as const)
    .map((column) => t(`audit.csv.${column}`));
  return [header, ...entries.map((e) => [
    e.at.toISOString(), e.type, e.event, e.actor?.id ?? '', e.actor?.name ?? '', e.ref?.kind ?? '', e.ref?.id ?? '',
    e.money ? String(e.money.amount) : '', e.money?.currency ?? '', auditSummary(e, t, lang),
  ])];
}
