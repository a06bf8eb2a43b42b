export { createLogFollower, EVENTS_CHANNEL, type LogFollower, type LogFollowerOptions } from './follower.ts';
export { createEventStore, type EventStore, type AppendOptions, type AppendResult } from './store.ts';
export type { GroupAppend } from './append.ts';
export {
  ConcurrencyError,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  type OutboxMessage,
  type Projection,
  type RecordedEvent,
  type Tx,
} from './types.ts';
export { registerUpcaster, upcast } from './upcast.ts';
