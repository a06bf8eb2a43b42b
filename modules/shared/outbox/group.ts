/**
 * Group commit: calls made while a flush is running wait and go together in the next one, so N concurrent
 * callers cost one round trip per group instead of one each (and a lone caller waits for nobody). `flush`
 * answers one result per item, in order; when it fails, every caller of that group gets the error.
 */
export function groupCommit<T, R>(flush: (items: T[]) => Promise<R[]>, options: { gatherMs?: number; enough?: number } = {}): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  const { gatherMs = 0, enough = Number.POSITIVE_INFINITY } = options;
  let queued: Waiting[] = [];
  let running = false;
  let gathered: (() => void) | null = null;

  /**
   * Waits one turn of the event loop before each flush: the callers whose socket or timer events are pending join
   * it. (PGlite runs a query without yielding and resolves it in a microtask, so without the turn every caller
   * arriving during a flush would find the next one already started alone.)
   */
  async function drain() {
    while (queued.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      // A caller that can wait (`gatherMs`) lets a group fill up to `enough` items first: fewer, larger flushes.
      if (gatherMs > 0 && queued.length < enough) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { gathered = null; resolve(); }, gatherMs);
          gathered = () => { clearTimeout(timer); gathered = null; resolve(); };
        });
      }
      const group = queued;
      queued = [];
      try {
        const results = await flush(group.map((w) => w.item));
        group.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
    running = false;
  }

  return (item) => new Promise<R>((resolve, reject) => {
    queued.push({ item, resolve, reject });
    if (queued.length >= enough) gathered?.();
    if (!running) {
      running = true;
      void drain();
    }
  });
}
