import type { Migration } from 'kysely/migration';

/** The accounts module's migrations. Name them '<area>_NNNN_what' so they sort after the shared ones. */
export const accountsMigrations: Record<string, Migration> = {};
