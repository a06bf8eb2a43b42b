import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore, type RecordedEvent } from '../../../../modules/shared/events/index.ts';
import { appendAlongside, handleCommand, type Decider } from '../../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../../support/databases.ts';

/**
 * The kernel records, on each event, the users that event concerns (modules/shared/kernel/concerns.ts), worked out with
 * the stream's state after it: one decision about several people never gives every event all of them.
 */
type Join = { type: 'Join'; users: string[] };
type Joined = { type: 'Joined'; data: { userId: string } } | { type: 'Closed'; data: Record<string, never> };
type Room = { members: string[] };
const room: Decider<Join, Joined, Room> = {
  initialState: () => ({ members: [] }),
  // Closed names nobody in its data: its state knows who was in.
  concerns: { Joined: (e) => [e.data.userId], Closed: (_e, state) => state.members },
  evolve: (state, e) => (e.type === 'Joined' ? { members: [...state.members, e.data.userId] } : state),
  decide: (command) => [...command.users.map((userId) => ({ type: 'Joined' as const, data: { userId } })), { type: 'Closed', data: {} }],
};
const concernsOf = (events: readonly RecordedEvent[]) => events.map((e) => [e.type, e.metadata.concerns]);

describe.each(backends)('each event names its own users, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let store: EventStore;
  let n = 0;
  beforeAll(async () => {
    handle = await openMigrated(backend);
    store = createEventStore(handle.db);
  });
  afterAll(async () => handle?.close());

  it('given a decision of three events, when it is grouped with others, then each event\'s metadata names only whom it concerns', async () => {
    const deps = { db: handle.db, store };
    const [a, b] = await Promise.all([
      handleCommand(deps, room, `room-${++n}`, { type: 'Join', users: ['u1', 'u2'] }, { metadata: { actor: 'admin' } }),
      handleCommand(deps, room, `room-${++n}`, { type: 'Join', users: ['u3'] }),
    ]);
    expect(concernsOf(a.recorded)).toEqual([['Joined', ['u1']], ['Joined', ['u2']], ['Closed', ['u1', 'u2']]]);
    expect(a.recorded.map((e) => e.metadata.actor)).toEqual(['admin', 'admin', 'admin']);
    expect(concernsOf(b.recorded)).toEqual([['Joined', ['u3']], ['Closed', ['u3']]]);
    expect(a.state).toEqual({ members: ['u1', 'u2'] });
  });

  it('given a command with its own transaction (prepare), when it decides several events, then each names its own users', async () => {
    const deps = { db: handle.db, store };
    const decided = await handleCommand(deps, room, `room-${++n}`, { type: 'Join', users: [] }, {
      prepare: async (_tx, command) => ({ ...command, users: ['u4', 'u5'] }),
    });
    expect(concernsOf(decided.recorded)).toEqual([['Joined', ['u4']], ['Joined', ['u5']], ['Closed', ['u4', 'u5']]]);
    expect(concernsOf(await store.readStream(decided.recorded[0]!.streamId))).toEqual(concernsOf(decided.recorded));
  });

  it('given events appended beside a command, then each names its own users, read with the state after it', async () => {
    const events = room.decide({ type: 'Join', users: ['u6', 'u7'] }, room.initialState());
    const recorded = await handle.db.transaction().execute((tx) =>
      appendAlongside(store, tx, { id: `room-${++n}`, version: 0, state: room.initialState() }, events, room, { actor: 'admin' }));
    expect(concernsOf(recorded)).toEqual([['Joined', ['u6']], ['Joined', ['u7']], ['Closed', ['u6', 'u7']]]);
  });
});
