import type { ColumnType } from 'kysely';

/** The certificates read model (projection.ts): one row per certificate, what lists, summaries and the public page show. */
export interface CertificatesTable {
  certificate_id: string;
  number: string;
  purchase_id: string;
  user_id: string;
  product_key: string;
  language: 'pl' | 'en';
  title_pl: string;
  title_en: string;
  hours_offered: number;
  hours_attended: number;
  issued_at: ColumnType<Date, Date | string, never>;
  first_day: string;
  last_day: string;
  /** The calendar year of the last session (Warsaw): the year the hours count for in a continuing-education summary. */
  year: number;
  status: 'valid' | 'revoked' | 'replaced';
  revoked_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  revoked_reason: string | null;
  replaced_by: string | null;
  replaced_by_number: string | null;
  replaces_number: string | null;
  /** The holder's account was deleted: the name is gone, the certificate stands. */
  holder_erased: boolean;
}

/**
 * The holder's name as printed, per certificate: personal data, kept out of the events and deleted with the account
 * (UserDeleted). Not a projection (nothing in the log could rebuild it), so a rebuild leaves it alone.
 */
export interface CertificateHoldersTable {
  certificate_id: string;
  user_id: string;
  name: string;
}

export interface CertificatesTables {
  certificates: CertificatesTable;
  certificate_holders: CertificateHoldersTable;
}
