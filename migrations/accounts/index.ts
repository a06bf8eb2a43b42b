import type { Migration } from 'kysely/migration';
import * as users from './0001_users.ts';
import * as revokedSessions from './0002_revoked_sessions.ts';

/** The accounts module's migrations. Name them '<area>_NNNN_what' so they sort after the shared ones. */
export const accountsMigrations: Record<string, Migration> = {
  accounts_0001_users: users,
  accounts_0002_revoked_sessions: revokedSessions,
};
