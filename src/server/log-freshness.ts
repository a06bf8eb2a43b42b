import type { LogFollowerOptions } from '../../modules/shared/events/index.ts';

/**
 * Whether this process has read every event committed so far by any instance: every commit notifies every
 * listener (modules/shared/events/store.ts), so from a notification until the follower's next read that comes
 * back short (with no append in flight holding it back), something may be unread. What is remembered per user
 * (modules/shared/memory: sessions, ownership) is used only while this says current; otherwise the database is
 * asked. Wraps the follower's `listen` and `readAll`.
 */
export function trackLogFreshness(source: Pick<LogFollowerOptions, 'listen' | 'readAll'> & {
  /** True while an append still in flight holds the readable log below events already committed (store.heldBack). */
  heldBack?: () => Promise<boolean>;
}) {
  let heard = 0;
  let read = 0;
  return {
    listen: ((channel, onNotify) => source.listen(channel, () => { heard += 1; onNotify(); })) as LogFollowerOptions['listen'],
    readAll: (async (after, limit) => {
      const asOf = heard;
      const batch = await source.readAll(after, limit);
      // A short page is the end of the log, unless an append in flight keeps committed events out of reach: its
      // own commit will be announced, and until then this process is not current.
      if (batch.length < limit && !(await source.heldBack?.())) read = Math.max(read, asOf);
      return batch;
    }) as LogFollowerOptions['readAll'],
    /** False before the first listen and from any notification until it has been read. */
    isCurrent: () => heard > 0 && read >= heard,
    /**
     * True from a notification until it has been read: another instance (or this one) committed something this
     * process has not applied yet. What is kept for everybody (stored pages, the public catalogue) is not answered
     * from memory meanwhile, so a change shows on the very next request on every instance.
     */
    isBehind: () => read < heard,
  };
}
