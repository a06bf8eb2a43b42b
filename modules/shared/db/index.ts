export type { ModuleDb, ModuleTx, SharedTables } from './schema.ts';
export { connectDatabase, connectPglite, connectPostgres, POSTGRES_POOL_SIZE, type DatabaseHandle } from './connect.ts';
export { appliedMigrations, knownMigrations, migrateToLatest, MigrationError } from './migrate.ts';
