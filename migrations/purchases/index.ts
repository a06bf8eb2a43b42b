import type { Migration } from 'kysely/migration';
import * as purchases from './purchases_0001_purchases.ts';

export const purchasesMigrations: Record<string, Migration> = {
  purchases_0001_purchases: purchases,
};
