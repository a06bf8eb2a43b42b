// Sign-in under a burst (issue 34 item 4): 50 and then 200 sign-ins sent at once to the production build, each from a
// client address of its own (TRUST_PROXY=1 and X-Forwarded-For, so the rate limits stay out of the way), while
// autocannon asks for a cached page at a steady rate. Passwords are hashed and checked in worker threads with a
// bounded queue (modules/accounts/password-pool.ts): the figures are how many were signed in, how many were refused
// 503 busy (Retry-After), that none was a 5xx, and the cached page's p99 meanwhile.
// `node bench/sign-in.ts` alone, or `npm run bench -- sign-in`.
import autocannon, { type Result } from 'autocannon';
import { signUp } from '../tests/support/accounts.ts';
import { startServer } from '../tests/support/server.ts';
import { startSmtp } from '../tests/support/smtp.ts';
import { BROWSER, somethingRan } from './http.ts';
import { record } from './table.ts';

const BURSTS = (process.env.BENCH_SIGN_INS ?? '50,200').split(',').map(Number);
/** Cached-page requests a second during the burst: visitors browsing while others sign in, not a saturating load. */
const PAGE_RATE = Number(process.env.BENCH_SIGN_IN_PAGE_RATE ?? 200);
const PAGE_CONNECTIONS = 10;

const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;

/** autocannon on `url` until `stop()` (its callback form: the promise form cannot be stopped early). */
function pageLoad(url: string) {
  let done!: (r: Result) => void;
  const result = new Promise<Result>((resolve) => { done = resolve; });
  const instance = autocannon({ url, connections: PAGE_CONNECTIONS, overallRate: PAGE_RATE, duration: 600, headers: BROWSER }, (error, r) => {
    if (error) throw error;
    done(r);
  });
  return { stop: async () => { instance.stop(); return result; } };
}

export async function signInBench(env: Record<string, string> = {}) {
  const smtp = await startSmtp();
  const server = await startServer({ LOG_LEVEL: 'warn', TRUST_PROXY: '1', SMTP_URL: smtp.url, ...env });
  somethingRan();
  const queue = env['PASSWORD_QUEUE_MAX'] ?? '64 (default)';
  let client = 0;
  try {
    const { email } = await signUp(server, smtp, 'burst@example.com', 'Ola Burst');
    const page = `${server.url}/`;
    for (let i = 0; i < 20; i++) await (await fetch(page, { headers: BROWSER })).arrayBuffer();
    for (const count of BURSTS) {
      const load = pageLoad(page);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: count }, async () => {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(++client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
          body: JSON.stringify({ email, password: 'secret123' }),
        }).catch(() => null);
        await res?.arrayBuffer();
        return { status: res?.status ?? 0, ms: performance.now() - t0, retryAfter: res?.headers.get('retry-after') ?? null };
      }));
      const wall = performance.now() - started;
      const pages = await load.stop();
      const by = (test: (s: number) => boolean) => answers.filter((a) => test(a.status));
      const signedIn = by((s) => s === 200);
      const busy = by((s) => s === 503);
      const failed = by((s) => s >= 500 && s !== 503 || s === 0);
      const retryAfter = busy.map((a) => Number(a.retryAfter));
      const times = signedIn.map((a) => a.ms);
      record({
        what: 'sign-in burst: POST /login, all at once', case: `${count} at once · PASSWORD_QUEUE_MAX ${queue}`,
        p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors: failed.length,
        result: `${signedIn.length} signed in, ${busy.length} busy (503${busy.length ? `, Retry-After ${Math.min(...retryAfter)}–${Math.max(...retryAfter)} s` : ''}), `
          + `${failed.length} 5xx, ${by((s) => s !== 200 && s < 500 && s !== 0).length} other; all answered in ${(wall / 1000).toFixed(1)} s`,
      });
      record({
        what: 'cached page during the sign-in burst', case: `GET / · ${PAGE_CONNECTIONS} conn at ${PAGE_RATE} req/s · beside ${count} sign-ins`,
        rps: pages.requests.average, p50: pages.latency.p50, p99: pages.latency.p99, errors: pages.errors + pages.timeouts + pages.non2xx,
        result: `max ${pages.latency.max} ms over ${pages.requests.total} requests`,
      });
    }
  } finally {
    await server.stop();
    await smtp.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIfStale } = await import('../scripts/build-if-stale.mjs');
  const { printTable } = await import('./table.ts');
  buildIfStale();
  await signInBench();
  printTable();
}
