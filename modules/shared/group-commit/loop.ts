/**
 * Group commit: work arriving while a flush is running waits and goes together in the next one, so N concurrent
 * callers cost one round trip per group instead of one each (and a lone caller waits for nobody).
 */
export type GroupOptions<T> = {
  /** A caller that can wait lets a group fill up to `enough` items for at most this long first: fewer, larger flushes. */
  gatherMs?: number;
  enough?: number;
  /** Which of the queued items go in the next flush (default: all of them); the others wait for the one after. */
  take?: (queued: readonly T[]) => { group: T[]; rest: T[] };
};

/**
 * The loop itself, for callers that answer their items themselves: `flush` gets a group and answers the items to
 * queue again (they go first in the next group); when it throws, `failed` gets the group and the error, and the
 * loop goes on.
 *
 * It waits one turn of the event loop before each flush: the callers whose socket or timer events are pending join
 * it. (PGlite runs a query without yielding and resolves it in a microtask, so without the turn every caller
 * arriving during a flush would find the next one already started alone.)
 */
export function groupLoop<T>(
  flush: (group: T[]) => Promise<readonly T[] | void>,
  options: GroupOptions<T> & { failed(group: T[], error: unknown): void },
): (item: T) => void {
  const { gatherMs = 0, enough = Number.POSITIVE_INFINITY, take = (queued) => ({ group: [...queued], rest: [] }) } = options;
  let queued: T[] = [];
  let running = false;
  let gathered: (() => void) | null = null;

  async function drain() {
    while (queued.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (gatherMs > 0 && queued.length < enough) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { gathered = null; resolve(); }, gatherMs);
          gathered = () => { clearTimeout(timer); gathered = null; resolve(); };
        });
      }
      const { group, rest } = take(queued);
      queued = rest;
      let again: readonly T[] | void = [];
      try {
        again = await flush(group);
      } catch (error) {
        options.failed(group, error);
      }
      if (again && again.length > 0) queued.unshift(...again);
    }
    running = false;
  }

  return (item) => {
    queued.push(item);
    if (queued.length >= enough) gathered?.();
    if (!running) {
      running = true;
      void drain();
    }
  };
}

/**
 * Group commit of calls that each wait for a result: `flush` answers one result per item, in order; when it
 * fails, every caller of that group gets the error.
 */
export function groupCommit<T, R>(flush: (items: T[]) => Promise<R[]>, options: Omit<GroupOptions<T>, 'take'> = {}): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  const enqueue = groupLoop<Waiting>(async (group) => {
    const results = await flush(group.map((w) => w.item));
    group.forEach((w, i) => w.resolve(results[i]!));
  }, { ...options, failed: (group, error) => { for (const w of group) w.reject(error); } });
  return (item) => new Promise<R>((resolve, reject) => enqueue({ item, resolve, reject }));
}
