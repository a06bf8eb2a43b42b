import type { Projection } from '../shared/events/index.ts';
import type { PlaybackTables } from './schema.ts';

/**
 * An account's deletion (UserDeleted, accounts' event) deletes where its user stopped in every recording, in the same
 * transaction as the deletion. It owns no table: positions are not made from events, so a rebuild must not empty
 * them (`tables` is empty), and replaying a deletion finds nothing left to delete.
 */
export const positionsErasure: Projection<PlaybackTables> = {
  name: 'playback.erasure',
  tables: [],
  async apply(tx, recorded) {
    if (recorded.type !== 'UserDeleted') return;
    const { userId } = recorded.data as { userId: string };
    await tx.deleteFrom('playback_positions').where('user_id', '=', userId).execute();
  },
};
