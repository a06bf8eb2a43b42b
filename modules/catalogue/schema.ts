/** The catalogue module's read-model tables (see modules/shared/db/schema.ts). */
export interface CatalogueTables {}
