import type { RecordedEvent } from './types.ts';

/** The channel every instance notifies after its appends commit (horizon.ts); instances listen to follow the log. */
export const EVENTS_CHANNEL = 'gestalt_events';

export type LogFollowerOptions = {
  /** Events after the position, in position order, none beyond a position that an event in flight could still take. */
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** A position below which nothing can still appear: where following starts. */
  lastPosition(): Promise<number>;
  /** Calls `onNotify` whenever any instance commits an append; answers a function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** A safety net for notifications lost while the listening connection was down. */
  pollMs?: number;
  onError?(error: unknown): void;
};

export type LogFollower = ReturnType<typeof createLogFollower>;

/**
 * Follows the event log as every instance appends to it, so what one instance keeps in memory (the page
 * cache) learns of changes committed by another. Handlers may see an event more than once (our own
 * appends are handed over at once, then read back from the log): they must be idempotent.
 */
export function createLogFollower(options: LogFollowerOptions) {
  const handlers = new Set<(events: RecordedEvent[]) => void>();
  let after = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let stopListening: (() => Promise<void>) | null = null;
  let poll: NodeJS.Timeout | null = null;

  const dispatch = (events: RecordedEvent[]) => {
    for (const handler of handlers) {
      try { handler(events); } catch (error) { options.onError?.(error); }
    }
  };

  async function catchUp() {
    for (;;) {
      const batch = await options.readAll(after, 500);
      if (batch.length === 0) return;
      dispatch(batch);
      // readAll stops at the settled position (horizon.ts): nothing at or below this one can still appear.
      after = batch.at(-1)!.position;
    }
  }

  /** Reads what is new; a wake-up during a pass runs one more pass, never two at once. */
  function wake() {
    if (running) { again = true; return; }
    running = (async () => {
      do {
        again = false;
        try { await catchUp(); } catch (error) { options.onError?.(error); }
      } while (again);
      running = null;
    })();
  }

  return {
    subscribe(handler: (events: RecordedEvent[]) => void) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    /** Our own committed events: handled at once, so this instance's next request already sees them. */
    committed(events: RecordedEvent[]) {
      if (events.length > 0) dispatch(events);
      wake();
    },
    /** The last position handed to the handlers: the system page compares it with the store's (issue 35). */
    position: () => after,
    async start() {
      after = await options.lastPosition();
      stopListening = await options.listen(EVENTS_CHANNEL, wake);
      poll = setInterval(wake, options.pollMs ?? 5000);
      poll.unref();
    },
    async stop() {
      if (poll) clearInterval(poll);
      await stopListening?.();
      await running;
    },
  };
}
