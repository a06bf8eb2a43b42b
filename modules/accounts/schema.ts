import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Rebuilt from the log: no personal data here. */
export interface UsersTable {
  id: string;
  status: 'unverified' | 'verified';
  language: 'pl' | 'en';
  /** Bumped by every password change and log-out everywhere; a session token with an older version is refused. */
  token_version: number;
  registered_at: Timestamp;
  verified_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  password_changed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** Finds the user an e-mailed link belongs to; whether the link is still good is the user's stream's decision. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  kind: 'verify' | 'reset' | 'admin';
}

/** Name, e-mail, phone and password hash: written beside the events, never into them, so erasure is one delete. */
export interface UserPersonalDataTable {
  user_id: string;
  name: string;
  email: string;
  /** Trimmed, lower-cased: addresses compare case-insensitively. */
  email_key: string;
  phone: string;
  password_hash: string;
}

/**
 * Sessions logged out one by one, until their token would have expired anyway (then they are purged).
 * Rebuilt from SessionEnded events. A log-out everywhere bumps users.token_version instead.
 */
export interface RevokedSessionsTable {
  session_id: string;
  user_id: string;
  expires_at: Timestamp;
}

/** The accounts module's read-model tables (see modules/shared/db/schema.ts). */
export interface AccountsTables {
  users: UsersTable;
  account_tokens: AccountTokensTable;
  user_personal_data: UserPersonalDataTable;
  revoked_sessions: RevokedSessionsTable;
}
