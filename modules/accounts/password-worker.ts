// A worker thread of the password pool (password-pool.ts): bcrypt at cost 12 is about 0.3 s of CPU, which on the
// event loop stalls every other request of the process; here it only takes a core.
// Plain enough for both ways it runs: as TypeScript by Node's type stripping (tests, `astro dev`) and as the chunk the
// production build emits for it (passwordWorkerChunk in src/server/astro-internals.ts).
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

// The lowest CPU priority for this thread alone (on Linux setpriority with pid 0 is the calling thread): where the
// cores are all busy, the event loop's pages and API answers go first and a sign-in waits a little longer.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted here (some containers): the thread keeps the process's priority.
}

export type PasswordJob =
  | { id: number; op: 'hash'; password: string; cost: number }
  | { id: number; op: 'check'; password: string; hash: string };
export type PasswordAnswer = { id: number; value: string | boolean } | { id: number; error: string };

parentPort?.on('message', (job: PasswordJob) => {
  try {
    const value = job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort?.postMessage({ id: job.id, value } satisfies PasswordAnswer);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies PasswordAnswer);
  }
});
