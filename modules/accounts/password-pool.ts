import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DomainError } from '../shared/kernel/index.ts';
import type { PasswordAnswer, PasswordJob } from './password-worker.ts';

/**
 * Hashing and checking passwords in worker threads, off the event loop: at cost 12 one bcrypt is about 0.3 s of CPU,
 * and 50 sign-ins at once on the loop stalled every page of the process for seconds (two timed out as 500s, issue 34).
 * Jobs past the workers wait in a queue of at most `queueMax`; one more is refused at once with `busy` (503 and
 * Retry-After), which a client can retry, instead of waiting so long that it times out.
 */
export type PasswordPool = {
  hash(password: string): Promise<string>;
  check(password: string, hash: string): Promise<boolean>;
  /**
   * Throws `busy` when one more job would be refused now: a sign-in asks first, so that a refused one costs the
   * event loop (and PGlite, on it) no rate-limit write and no account read.
   */
  assertRoom(): void;
  /** Jobs waiting for a worker now (not those being worked on). */
  waiting(): number;
  /** Ends every worker; jobs not finished are refused. */
  close(): Promise<void>;
};

type PasswordPoolOptions = {
  /** Jobs that may wait for a worker; one more is refused with `busy`. */
  queueMax: number;
  /** Worker threads: one core is left for the event loop (and the database, on PGlite). */
  size?: number;
  cost?: number;
  /** A worker idle this long ends (an instance that nobody signs in to keeps no thread). */
  idleMs?: number;
  /** The worker's module: the production build passes the chunk it emits for password-worker.ts. */
  workerUrl?: URL;
};

/** bcrypt cost 12, as the issue asks. */
const PASSWORD_COST = 12;

/** The worker module beside this one; the production build rewrites this URL to its emitted chunk (src/server/astro-internals.ts). */
const WORKER_URL = new URL('./password-worker.ts', import.meta.url);

const defaultPoolSize = () => Math.max(1, availableParallelism() - 1);

type Pending = { job: PasswordJob; resolve(value: string | boolean): void; reject(error: Error): void; startedAt?: number };
type Slot = { worker: Worker; current: Pending | null; idle: NodeJS.Timeout | null };

export function createPasswordPool(options: PasswordPoolOptions): PasswordPool {
  const size = Math.max(1, options.size ?? defaultPoolSize());
  const cost = options.cost ?? PASSWORD_COST;
  const idleMs = options.idleMs ?? 30_000;
  const queue: Pending[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  // How long one job takes here, for Retry-After: a moving average, starting from cost 12 on a modern core.
  let averageMs = 300;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(options.workerUrl ?? WORKER_URL);
    const slot: Slot = { worker, current: null, idle: null };
    worker.on('message', (answer: PasswordAnswer) => {
      const done = slot.current;
      slot.current = null;
      if (done && done.job.id === answer.id) {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - (done.startedAt ?? performance.now()));
        if ('error' in answer) done.reject(new Error(answer.error));
        else done.resolve(answer.value);
      }
      next(slot);
    });
    // A worker that dies (out of memory, a bug) fails its job only; the next job gets a new worker.
    const lost = (error: Error) => {
      slots.delete(slot);
      if (slot.idle) clearTimeout(slot.idle);
      slot.current?.reject(error);
      slot.current = null;
      if (queue.length > 0 && !closed && slots.size < size) next(spawn());
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`password worker exited with code ${code}`)));
    slots.add(slot);
    return slot;
  }

  /** Gives the slot the next waiting job, or lets it idle (unreferenced, so it never keeps the process alive). */
  function next(slot: Slot) {
    const pending = queue.shift();
    if (!pending) {
      slot.worker.unref();
      slot.idle = setTimeout(() => { slots.delete(slot); void slot.worker.terminate(); }, idleMs);
      slot.idle.unref();
      return;
    }
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.worker.ref();
    slot.current = pending;
    pending.startedAt = performance.now();
    slot.worker.postMessage(pending.job);
  }

  const freeSlot = () => [...slots].find((s) => s.current === null);
  function refusal(free: Slot | undefined): DomainError | null {
    if (free || slots.size < size || queue.length < options.queueMax) return null;
    // Seconds until the queue ahead has been worked off, at least 1.
    const retryAfter = Math.max(1, Math.ceil(((queue.length / size) + 1) * averageMs / 1000));
    return new DomainError('busy', { retryAfter });
  }

  function submit(job: PasswordJob): Promise<string | boolean> {
    if (closed) return Promise.reject(new Error('the password pool is closed'));
    const free = freeSlot();
    const refused = refusal(free);
    if (refused) return Promise.reject(refused);
    return new Promise((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (free) next(free);
      else if (slots.size < size) next(spawn());
    });
  }

  return {
    hash: async (password) => String(await submit({ id: nextId++, op: 'hash', password, cost })),
    check: async (password, hash) => (await submit({ id: nextId++, op: 'check', password, hash })) === true,
    waiting: () => queue.length,
    assertRoom() {
      const refused = refusal(freeSlot());
      if (refused) throw refused;
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the password pool is closed'));
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
}
