import type { Kysely } from 'kysely';
import type { Config } from '../../modules/shared/config/index.ts';
import type { Database } from '../../modules/shared/db/index.ts';
import type { EventStore } from '../../modules/shared/events/index.ts';
import type { OutboxHandler } from '../../modules/shared/outbox/index.ts';
import type { Logger } from './logger.ts';

export type ModuleContext = { config: Config; log: Logger; db: Kysely<Database>; store: EventStore };

/**
 * The composition root: registers each module's projections with the store and its outbox handlers,
 * and seeds an empty database with the demo content. Modules are added here as they arrive.
 */
export function wireModules(_ctx: ModuleContext): { outboxHandlers: Record<string, OutboxHandler>; seed(): Promise<void> } {
  return {
    outboxHandlers: {},
    async seed() {},
  };
}
