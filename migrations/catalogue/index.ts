import type { Migration } from 'kysely/migration';

/** The catalogue module's migrations. Name them '<area>_NNNN_what' so they sort after the shared ones. */
export const catalogueMigrations: Record<string, Migration> = {};
