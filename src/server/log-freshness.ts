import type { LogFollowerOptions } from '../../modules/shared/events/index.ts';

/**
 * Whether this process has read every event committed so far by any instance: every commit notifies every
 * listener (modules/shared/events/store.ts), so from a notification until the follower's next read that comes
 * back short, something may be unread. What is kept in memory per user (remembered sessions) is used only while
 * this says current; otherwise the database is asked. Wraps the follower's `listen` and `readAll`.
 */
export function trackLogFreshness(source: Pick<LogFollowerOptions, 'listen' | 'readAll'>) {
  let heard = 0;
  let read = 0;
  return {
    listen: ((channel, onNotify) => source.listen(channel, () => { heard += 1; onNotify(); })) as LogFollowerOptions['listen'],
    readAll: (async (after, limit) => {
      const asOf = heard;
      const batch = await source.readAll(after, limit);
      if (batch.length < limit) read = Math.max(read, asOf);
      return batch;
    }) as LogFollowerOptions['readAll'],
    /** False before the first listen and from any notification until it has been read. */
    isCurrent: () => heard > 0 && read >= heard,
  };
}
