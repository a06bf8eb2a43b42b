import type { Migration } from 'kysely/migration';
import * as readModels from './0001_read_models.ts';
import * as productPublished from './0002_product_published.ts';
import * as scheduleRevision from './0003_schedule_revision.ts';
import * as priceMinor from './0004_price_minor.ts';

/** The catalogue module's migrations. Name them '<area>_NNNN_what' so they sort after the shared ones. */
export const catalogueMigrations: Record<string, Migration> = {
  catalogue_0001_read_models: readModels,
  catalogue_0002_product_published: productPublished,
  catalogue_0003_schedule_revision: scheduleRevision,
  catalogue_0004_price_minor: priceMinor,
};
