import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_event_store.ts';

/** Every migration, in order. Listed by hand so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_event_store': m0001,
};
