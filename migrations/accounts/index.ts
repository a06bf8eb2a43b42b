import type { Migration } from 'kysely/migration';
import * as users from './0001_users.ts';

/** The accounts module's migrations. Name them '<area>_NNNN_what' so they sort after the shared ones. */
export const accountsMigrations: Record<string, Migration> = {
  accounts_0001_users: users,
};
