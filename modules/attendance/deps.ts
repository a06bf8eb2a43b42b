import type { ModuleDb } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import type { Clock, IdSource } from '../shared/kernel/index.ts';
import type { AttendancePorts } from './ports.ts';
import type { AttendanceTables } from './schema.ts';

export type AttendanceDeps = { db: ModuleDb<AttendanceTables>; store: EventStore; clock: Clock; ids: IdSource; ports: AttendancePorts };
