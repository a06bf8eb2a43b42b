import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/**
 * One row per purchase (checkout started, expired, paid, played). `refund_due` and `refunded` are payments for a
 * product the buyer already owned through `owned_through`; `mismatch` one of another sum than the checkout asked.
 * Only `paid` rows give access: a payment, or a grant by hand (`provider` 'grant', amount 0: no money moved, whatever
 * `currency` says; with its reason) until it is `revoked`, or a payment until a refund `ended` its access.
 */
export interface PurchasesTable {
  purchase_id: string;
  user_id: string;
  product_key: string;
  status: 'pending' | 'expired' | 'paid' | 'refund_due' | 'refunded' | 'mismatch' | 'revoked' | 'ended';
  price_id: string | null;
  currency: string;
  amount: number;
  provider: string;
  provider_session_id: string;
  payment_intent_id: string | null;
  started_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  paid_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  access_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  playback_started_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  updated_at: Timestamp;
  expired_at: NullableTimestamp;
  owned_through: string | null;
  provider_refund_id: string | null;
  refunded_at: NullableTimestamp;
  grant_reason: string | null;
  revoked_at: NullableTimestamp;
  /** Refunds of a paid purchase (refund.ts), minor units: confirmed by the provider, and asked but not yet confirmed. */
  refunded_minor: ColumnType<number, number | undefined, number>;
  /** What the provider took, exactly (minor units; null for payments recorded before refunds were). */
  amount_minor: ColumnType<number | null, number | null | undefined, number | null>;
  refund_pending_minor: ColumnType<number, number | undefined, number>;
  /** Set with status `ended`: a full refund (or one that revoked access, or a withdrawal) ended access. */
  access_ended_at: NullableTimestamp;
}

/** One refund of a paid purchase: who asked (`admin` with the user, `withdrawal`, `provider`), why, and when the provider confirmed it. */
export interface PurchaseRefundsTable {
  refund_id: string;
  purchase_id: string;
  amount_minor: number;
  currency: string;
  reason: string;
  requested_by: 'admin' | 'withdrawal' | 'provider';
  requested_by_user: string | null;
  requested_at: Timestamp;
  completed_at: NullableTimestamp;
  provider_refund_id: string | null;
}

export interface PurchasesTables {
  purchases: PurchasesTable;
  purchase_refunds: PurchaseRefundsTable;
}
