import type { ColumnType } from 'kysely';

type Json = ColumnType<unknown, string, string>;

/** One row per product; `doc` is the public product definition, the links sit apart so no query leaks them by accident. */
export interface CatalogueProductsTable {
  key: string;
  category: string;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  doc: Json;
  live_link: string | null;
  recording_link: string | null;
  published_position: number;
  /** Shown on the public pages and on sale; an unpublished product stays for its owners only. */
  published: ColumnType<boolean, boolean | undefined, boolean>;
  /** The schedule changes recorded (ProductScheduleChanged's latest revision); 0: none. */
  schedule_revision: ColumnType<number, number | undefined, number>;
}

export interface CatalogueFacilitatorsTable {
  id: string;
  position: number;
  doc: Json;
}

export interface CatalogueArticlesTable {
  key: string;
  title: string;
  description: string;
  link: string;
  published_position: number;
}

/** The catalogue module's read-model tables (see modules/shared/db/schema.ts). */
export interface CatalogueTables {
  catalogue_products: CatalogueProductsTable;
  catalogue_facilitators: CatalogueFacilitatorsTable;
  catalogue_articles: CatalogueArticlesTable;
}
