import type { Projection, RecordedEvent, Tx } from './types.ts';

/**
 * Applies a page of the log as applying each event in turn to every projection would. Projections are
 * independent (each touches only its own tables), so each runs over the whole page before the next one does,
 * through its `applyAll` where it has one.
 */
export async function replay(tx: Tx, projections: readonly Projection[], events: readonly RecordedEvent[]) {
  for (const p of projections) {
    if (p.applyAll) await p.applyAll(tx, events);
    else for (const event of events) await p.apply(tx, event);
  }
}
