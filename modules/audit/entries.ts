/**
 * The audit trail's vocabulary: which logged events count as which kind of consequential action, and what each
 * one says, read from the event alone. Nothing here is personal data (events carry ids, never a name or address), but
 * for invoices, whose buyer is printed on the document the law keeps (invoice-entries.ts).
 */
import type { RecordedEvent } from '../shared/events/index.ts';
import { minorOfWhole } from '../shared/text/index.ts';
import { INVOICE_EVENT_TYPES, invoiceSubjectOf, type InvoiceAuditSubject } from './invoice-entries.ts';
import { SEAT_EVENT_TYPES, seatSubjectOf, type SeatAuditSubject } from './seat-entries.ts';

export const AUDIT_TYPES = ['purchase', 'refund', 'campaign', 'deletion', 'article', 'catalogue', 'invoicing', 'seats'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/** The raw event types behind each kind (purchases, catalogue and accounts own them; campaigns adds CampaignStarted). */
export const EVENT_TYPES: Record<AuditType, readonly string[]> = {
  purchase: ['PurchaseCompleted', 'DuplicatePaymentReceived', 'PaymentMismatchReceived', 'AccessGranted', 'AccessRevoked', 'PurchaseAccessEnded', 'WithdrawalReceived'],
  refund: ['DuplicatePaymentRefunded', 'RefundRequested', 'RefundCompleted'],
  campaign: ['CampaignStarted'],
  deletion: ['UserDeleted'],
  article: ['ArticlePublished', 'ArticleRemoved'],
  catalogue: ['ProductPublished', 'ProductRevised', 'ProductUnpublished', 'ProductRepublished'],
  invoicing: ['SellerSettingsChanged', 'VatTreatmentSet', ...INVOICE_EVENT_TYPES],
  seats: SEAT_EVENT_TYPES,
};

export const auditTypeOf = (eventType: string): AuditType | null =>
  AUDIT_TYPES.find((type) => EVENT_TYPES[type].includes(eventType)) ?? null;

/** What happened, as the summary line needs it. `buyer` is a user id; whether they still have a name is the caller's to look up. */
export type AuditSubject =
  | { kind: 'purchase' | 'duplicatePayment'; productKey: string; amount: number; currency: string; buyer: string | null }
  /** Paid another sum than the checkout asked (`asked`, null when nothing could be asked in that currency): bought nothing. */
  | { kind: 'paymentMismatch'; productKey: string; amount: number; currency: string; buyer: string | null; asked: { amount: number; currency: string } | null }
  | { kind: 'accessGranted'; productKey: string; buyer: string | null; reason: string }
  | { kind: 'accessRevoked'; productKey: string; buyer: string | null }
  /** The buyer withdrew (issue 22): what they paid for the service provided stays, the rest is asked back. */
  | { kind: 'withdrawal'; productKey: string; amount: number; currency: string; buyer: string | null; proRata: number }
  | { kind: 'refund'; productKey: string | null; amount: number; currency: string; buyer: string | null }
  /** A refund of a paid purchase asked (`by`: who asked; the admin's reason) or confirmed by the provider (issue 22). */
  | { kind: 'refundRequested'; productKey: string; amount: number; currency: string; buyer: string | null; reason: string; by: 'admin' | 'withdrawal' | 'provider' }
  | { kind: 'refundCompleted'; productKey: string; amount: number; currency: string; buyer: string | null }
  | { kind: 'accessEnded'; productKey: string; buyer: string | null; cause: 'refund' | 'withdrawal' }
  | { kind: 'campaign'; campaignId: string | null; subject: string | null; target: string | null; recipients: number | null }
  | { kind: 'deletion'; userId: string | null }
  | { kind: 'articleAdded' | 'articleRemoved'; key: string; title: string | null }
  | { kind: 'productCreated' | 'productUnpublished' | 'productRepublished'; productKey: string }
  | { kind: 'productRevised'; productKey: string; fields: string[] }
  /** The seller's data for invoices changed (issue 23): which fields. */
  | { kind: 'sellerSettingsChanged'; fields: string[] }
  /** A product's own VAT treatment (null: back to the seller's default). */
  | { kind: 'vatTreatmentSet'; productKey: string; treatment: { kind: 'rate'; rate: number } | { kind: 'exempt'; basis: string } | null }
  /** An invoice's request, its documents and KSeF's answers (invoice-entries.ts). */
  | InvoiceAuditSubject
  /** A waiting list's steps (seat-entries.ts). */
  | SeatAuditSubject;

/**
 * What an entry is about, by an id that outlives renames: a product's key, a user's id, a campaign's id, an
 * article's key. The summary sentence names it by its title of the day; this names it for filtering and export.
 */
export type AuditRef = { kind: 'product' | 'user' | 'campaign' | 'article'; id: string };

/**
 * Where each audited event keeps its subject's id (a path into its data), for filtering in SQL as subjectOf reads
 * it here. A refund keeps none: its product is its stream's DuplicatePaymentReceived's (see queries.ts).
 */
export const SUBJECT_PATHS: Readonly<Record<string, readonly string[]>> = {
  PurchaseCompleted: ['productKey'], DuplicatePaymentReceived: ['productKey'], PaymentMismatchReceived: ['productKey'],
  AccessGranted: ['productKey'], AccessRevoked: ['productKey'],
  WithdrawalReceived: ['statement', 'purchase'],
  RefundRequested: ['productKey'], RefundCompleted: ['productKey'], PurchaseAccessEnded: ['productKey'],
  CampaignStarted: ['campaignId'], UserDeleted: ['userId'],
  ArticlePublished: ['article', 'key'], ArticleRemoved: ['key'],
  ProductPublished: ['product', 'key'], ProductRevised: ['key'], ProductUnpublished: ['key'], ProductRepublished: ['key'],
  VatTreatmentSet: ['productKey'],
  WaitlistJoined: ['productKey'], WaitlistLeft: ['productKey'], SeatOffered: ['productKey'], OfferEnded: ['productKey'], WaitlistClosed: ['productKey'],
};

/** The stable id an entry's subject names, or null when its event lacks one (an older shape). */
export function refOf(subject: AuditSubject): AuditRef | null {
  switch (subject.kind) {
    case 'campaign': return subject.campaignId ? { kind: 'campaign', id: subject.campaignId } : null;
    case 'deletion': return subject.userId ? { kind: 'user', id: subject.userId } : null;
    case 'articleAdded': case 'articleRemoved': return subject.key ? { kind: 'article', id: subject.key } : null;
    case 'sellerSettingsChanged': return null;
    // About a purchase's documents, by no product, user, campaign or article id.
    case 'invoiceRequested': case 'invoiceIssued': case 'correctionIssued': case 'ksefAccepted': case 'ksefRejected': case 'ksefResubmitted': return null;
    default: return subject.productKey ? { kind: 'product', id: subject.productKey } : null;
  }
}

/** The money an entry moved, as its event recorded it (whole units of its currency, as the catalogue prices), or null. */
export function moneyOf(subject: AuditSubject): { amount: number; currency: string } | null {
  return 'amount' in subject && subject.currency !== '' ? { amount: subject.amount, currency: subject.currency } : null;
}

type Data = Record<string, unknown>;
const text = (d: Data, k: string): string | null => (typeof d[k] === 'string' ? d[k] : null);
const number = (d: Data, k: string): number | null => (typeof d[k] === 'number' && Number.isFinite(d[k]) ? d[k] : null);
/**
 * A payment's amount in whole units for the trail: from `amountMinor`, or from the whole-unit `amount` of an event
 * recorded before issue 36 that reaches here without its module's upcaster loaded (the trail depends on no module).
 */
const paidAmount = (d: Data): number => (number(d, 'amountMinor') ?? minorOfWhole(number(d, 'amount') ?? 0) ?? 0) / 100;
const record = (d: Data, k: string): Data => (d[k] !== null && typeof d[k] === 'object' ? d[k] as Data : {});

/** What a refund pays back comes from the payment it refunds: the same stream's DuplicatePaymentReceived. */
export type RefundOrigin = { productKey: string | null; buyer: string | null };

/**
 * The subject of one audited event. Tolerant of missing fields (events written by another branch's code, or an
 * older shape): a missing value reads as null rather than failing the whole page.
 */
export function subjectOf(event: Pick<RecordedEvent, 'type' | 'data'>, lookups: {
  articleTitle(key: string): string | null;
  refundOrigin(): RefundOrigin;
  /** An invoice's number by its id, for KSeF's answers, which name the document by id alone. */
  invoiceNumber?(invoiceId: string): string | null;
}): AuditSubject {
  const d = (event.data ?? {}) as Data;
  const invoicing = invoiceSubjectOf(event.type, d, (id) => lookups.invoiceNumber?.(id) ?? null);
  if (invoicing) return invoicing;
  const seats = seatSubjectOf(event.type, d);
  if (seats) return seats;
  switch (event.type) {
    case 'PurchaseCompleted':
    case 'DuplicatePaymentReceived':
      return { kind: event.type === 'PurchaseCompleted' ? 'purchase' : 'duplicatePayment', productKey: text(d, 'productKey') ?? '',
        amount: paidAmount(d), currency: text(d, 'currency') ?? '', buyer: text(d, 'userId') };
    case 'PaymentMismatchReceived': {
      // Stripe's smallest unit, exact: a wrong sum need not be whole.
      const asked = record(d, 'asked');
      const minor = number(asked, 'amountMinor');
      return { kind: 'paymentMismatch', productKey: text(d, 'productKey') ?? '', amount: (number(d, 'amountMinor') ?? 0) / 100,
        currency: text(d, 'currency') ?? '', buyer: text(d, 'userId'), asked: minor === null ? null : { amount: minor / 100, currency: text(asked, 'currency') ?? '' } };
    }
    case 'AccessGranted':
      return { kind: 'accessGranted', productKey: text(d, 'productKey') ?? '', buyer: text(d, 'userId'), reason: text(d, 'reason') ?? '' };
    case 'AccessRevoked':
      return { kind: 'accessRevoked', productKey: text(d, 'productKey') ?? '', buyer: text(d, 'userId') };
    case 'WithdrawalReceived': {
      const statement = record(d, 'statement');
      return { kind: 'withdrawal', productKey: text(statement, 'purchase') ?? '', amount: (number(d, 'refundMinor') ?? 0) / 100,
        currency: text(d, 'currency') ?? '', buyer: text(statement, 'buyer'), proRata: (number(d, 'proRataMinor') ?? 0) / 100 };
    }
    case 'RefundRequested': {
      const by = text(record(d, 'requestedBy'), 'kind');
      return { kind: 'refundRequested', productKey: text(d, 'productKey') ?? '', amount: (number(d, 'amountMinor') ?? 0) / 100, currency: text(d, 'currency') ?? '',
        buyer: text(d, 'userId'), reason: text(d, 'reason') ?? '', by: by === 'withdrawal' || by === 'provider' ? by : 'admin' };
    }
    case 'RefundCompleted':
      return { kind: 'refundCompleted', productKey: text(d, 'productKey') ?? '', amount: (number(d, 'amountMinor') ?? 0) / 100, currency: text(d, 'currency') ?? '',
        buyer: text(d, 'userId') };
    case 'PurchaseAccessEnded':
      return { kind: 'accessEnded', productKey: text(d, 'productKey') ?? '', buyer: text(d, 'userId'), cause: text(d, 'cause') === 'withdrawal' ? 'withdrawal' : 'refund' };
    case 'DuplicatePaymentRefunded': {
      const origin = lookups.refundOrigin();
      return { kind: 'refund', productKey: origin.productKey, amount: paidAmount(d), currency: text(d, 'currency') ?? '', buyer: origin.buyer };
    }
    case 'CampaignStarted':
      return { kind: 'campaign', campaignId: text(d, 'campaignId'), subject: text(d, 'subject'), target: text(d, 'target'),
        recipients: number(d, 'recipientCount') ?? number(d, 'recipients') };
    case 'UserDeleted':
      return { kind: 'deletion', userId: text(d, 'userId') };
    case 'ArticlePublished': {
      const article = record(d, 'article');
      return { kind: 'articleAdded', key: text(article, 'key') ?? '', title: text(article, 'title') };
    }
    case 'ArticleRemoved': {
      const key = text(d, 'key') ?? '';
      return { kind: 'articleRemoved', key, title: lookups.articleTitle(key) };
    }
    case 'ProductPublished':
      return { kind: 'productCreated', productKey: text(record(d, 'product'), 'key') ?? '' };
    case 'ProductRevised':
      return { kind: 'productRevised', productKey: text(d, 'key') ?? '',
        fields: [...Object.keys(record(d, 'changes')), ...Object.keys(record(d, 'secrets'))].sort() };
    case 'ProductUnpublished':
      return { kind: 'productUnpublished', productKey: text(d, 'key') ?? '' };
    case 'SellerSettingsChanged':
      return { kind: 'sellerSettingsChanged', fields: Object.keys(record(d, 'changes')).sort() };
    case 'VatTreatmentSet': {
      const t = record(d, 'treatment');
      const treatment = t['kind'] === 'rate' ? { kind: 'rate' as const, rate: number(t, 'rate') ?? 0 } : t['kind'] === 'exempt' ? { kind: 'exempt' as const, basis: text(t, 'basis') ?? '' } : null;
      return { kind: 'vatTreatmentSet', productKey: text(d, 'productKey') ?? '', treatment };
    }
    default:
      return { kind: 'productRepublished', productKey: text(d, 'key') ?? '' };
  }
}

/** Who did it: the event's actor, and for a payment its buyer when no actor was recorded (the provider's webhook). */
export function actorIdOf(event: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): string | null {
  const actor = event.metadata?.actor;
  if (typeof actor === 'string' && actor !== '') return actor;
  if (['PurchaseCompleted', 'DuplicatePaymentReceived', 'PaymentMismatchReceived'].includes(event.type)) return text((event.data ?? {}) as Data, 'userId');
  return null;
}
