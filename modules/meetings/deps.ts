import type { ModuleDb } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import type { Clock } from '../shared/kernel/index.ts';
import type { MeetingsPorts } from './ports.ts';
import type { MeetingsTables } from './schema.ts';

export type MeetingsDeps = {
  db: ModuleDb<MeetingsTables>;
  store: EventStore;
  clock: Clock;
  ports: MeetingsPorts;
  siteName: string;
  /** The host name that ends our fixed Message-IDs. */
  domain: string;
};
