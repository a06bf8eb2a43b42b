/**
 * @tus/server's Locker on PostgreSQL advisory locks, so that instances sharing one database never write one upload at
 * once (the in-memory locker only keeps one process's requests apart). Each held lock is a session lock on a
 * connection of its own, kept for the request's life: two requests of one instance are two sessions and exclude each
 * other too, and a lost connection frees its locks by itself.
 *
 * @tus/server's contract (BaseHandler.acquireLock): `lock(signal, requestRelease)` resolves once the upload is ours,
 * or throws ERR_LOCK_TIMEOUT (30 s, or the request's end); while it waits, it asks the holder to let go by calling the
 * holder's `requestRelease` (the holder's request is cancelled, stops writing within the server's lockDrainTimeout, and
 * calls `unlock()`). The holder may be another instance: the ask goes through NOTIFY on RELEASE_CHANNEL, heard by
 * every instance, and each calls `requestRelease` of its own holders of that upload.
 */
import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** Two-key advisory locks (class, hashtext(id)): beside the event store's (7_300_001/2) and purchases' (7_300_101/2). */
const UPLOAD_LOCK = 7_300_201;
export const RELEASE_CHANNEL = 'tus_upload_release';
const ACQUIRE_TIMEOUT_MS = 30_000;
/** A holder that let go is seen within this; asked again this often (a holder that took the lock after the ask). */
const POLL_MS = 100;
const ASK_AGAIN_MS = 2_000;

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(done, ms);
  function done() { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); }
  signal.addEventListener('abort', done, { once: true });
});

export type PostgresLocker = Locker & { close(): Promise<void> };

export function postgresLocker(url: string, options: { acquireTimeoutMs?: number; max?: number } = {}): PostgresLocker {
  // Its own connections: an upload's PATCH may hold one for hours, never one of the pool that answers pages.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 16, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 10_000, allowExitOnIdle: true });
  pool.on('error', () => {});
  const timeout = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  /** This instance's holders, by upload: whom to ask when another request wants the upload. */
  const holders = new Map<string, Set<RequestRelease>>();
  let listening: Promise<void> | null = null;
  let listener: pg.Client | null = null;
  let closed = false;

  const askHolders = (id: string) => {
    for (const release of holders.get(id) ?? []) void Promise.resolve(release()).catch(() => {});
  };

  /** LISTEN on a connection of its own, opened with the first lock, again a second after it drops. */
  function listen(): Promise<void> {
    listening ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      client.on('error', () => {});
      client.on('notification', (message) => { if (message.payload) askHolders(message.payload); });
      client.on('end', () => {
        listener = null;
        listening = null;
        if (!closed) setTimeout(() => void listen().catch(() => {}), 1000).unref();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
        listener = client;
      } catch (error) {
        listening = null;
        await client.end().catch(() => {});
        throw error;
      }
    })();
    return listening;
  }

  function newLock(id: string): Lock {
    let client: pg.PoolClient | null = null;
    let release: RequestRelease | null = null;
    // The connection lost while held takes the lock with it: the request stops writing, as if asked to.
    const lost = () => { if (release) void Promise.resolve(release()).catch(() => {}); };
    /** Back to the pool without this lock's listener (a pooled connection serves many locks), or closed after a failure. */
    const giveBack = (c: pg.PoolClient, error?: Error) => { c.off('error', lost); c.release(error); };
    const forget = () => {
      const set = holders.get(id);
      if (release) set?.delete(release);
      if (set?.size === 0) holders.delete(id);
    };
    return {
      async lock(stopSignal, requestRelease) {
        if (client) throw new Error(`upload lock ${id} is held already`);
        await listen();
        const deadline = Date.now() + timeout;
        const c = await pool.connect();
        c.on('error', lost);
        let askedAt = 0;
        try {
          while (!stopSignal.aborted && Date.now() < deadline) {
            const got = await c.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [UPLOAD_LOCK, id]);
            if (got.rows[0]?.locked) {
              client = c;
              release = requestRelease;
              holders.set(id, (holders.get(id) ?? new Set()).add(requestRelease));
              return;
            }
            if (Date.now() - askedAt >= ASK_AGAIN_MS) {
              await c.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
              askedAt = Date.now();
            }
            await sleep(POLL_MS, stopSignal);
          }
        } catch (error) {
          giveBack(c, error as Error);
          throw error;
        }
        giveBack(c);
        throw ERRORS.ERR_LOCK_TIMEOUT;
      },
      async unlock() {
        const c = client;
        if (!c) throw new Error('Releasing an unlocked lock!');
        forget();
        client = null;
        release = null;
        try {
          await c.query('select pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK, id]);
          giveBack(c);
        } catch (error) {
          // A connection that failed is closed, not pooled: its session, and any lock left in it, end with it.
          giveBack(c, error as Error);
        }
      },
    };
  }

  return {
    newLock,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
