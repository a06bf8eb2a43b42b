import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per purchase (checkout started, paid, played). */
export interface PurchasesTable {
  purchase_id: string;
  user_id: string;
  product_key: string;
  status: 'pending' | 'paid';
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
}

export interface PurchasesTables {
  purchases: PurchasesTable;
}
