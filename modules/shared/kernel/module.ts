import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config/index.ts';
import type { SharedTables } from '../db/index.ts';
import type { EventStore } from '../events/index.ts';
import type { Clock, IdSource, Wait } from './decider.ts';

/**
 * What every module factory receives from the composition root (src/server/modules.ts).
 * `clock`, `ids` and `wait` default to the system clock, random UUIDs and real timers; tests pass fixed ones.
 */
export type ModuleContext = {
  config: Config;
  log: Logger;
  db: Kysely<SharedTables>;
  store: EventStore;
  clock?: Clock;
  ids?: IdSource;
  wait?: Wait;
};
