import type { Migration } from 'kysely/migration';
import * as campaigns from './0001_campaigns.ts';

export const campaignsMigrations: Record<string, Migration> = {
  campaigns_0001_campaigns: campaigns,
};
