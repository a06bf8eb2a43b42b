import type { Migration } from 'kysely/migration';
import * as purchases from './purchases_0001_purchases.ts';
import * as duplicates from './purchases_0002_duplicates.ts';
import * as grants from './purchases_0003_grants.ts';
import * as refunds from './purchases_0004_refunds.ts';

export const purchasesMigrations: Record<string, Migration> = {
  purchases_0001_purchases: purchases,
  purchases_0002_duplicates: duplicates,
  purchases_0003_grants: grants,
  purchases_0004_refunds: refunds,
};
