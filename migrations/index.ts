import type { Migration } from 'kysely/migration';
import { accountsMigrations } from './accounts/index.ts';
import { backupMigrations } from './backup/index.ts';
import { attendanceMigrations } from './attendance/index.ts';
import { campaignsMigrations } from './campaigns/index.ts';
import { certificatesMigrations } from './certificates/index.ts';
import { catalogueMigrations } from './catalogue/index.ts';
import { contactMigrations } from './contact/index.ts';
import { invoicingMigrations } from './invoicing/index.ts';
import { meetingsMigrations } from './meetings/index.ts';
import { playbackMigrations } from './playback/index.ts';
import { purchasesMigrations } from './purchases/index.ts';
import { sharedMigrations } from './shared/index.ts';

/**
 * Every migration, listed by hand (one file per area) so the bundled server carries them.
 * Areas grow independently, so the migrator allows a new migration to sort before an applied one.
 */
export const migrations: Record<string, Migration> = {
  ...sharedMigrations,
  ...accountsMigrations,
  ...catalogueMigrations,
  ...contactMigrations,
  ...purchasesMigrations,
  ...campaignsMigrations,
  ...invoicingMigrations,
  ...meetingsMigrations,
  ...attendanceMigrations,
  ...certificatesMigrations,
  ...playbackMigrations,
  ...backupMigrations,
};
