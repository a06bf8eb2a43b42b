import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export type Load = { rps: number; p50: number; p99: number; errors: number };

/** What every browser sends: pages are measured as visitors get them, compressed. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** autocannon against one URL: a short warm-up first (JIT, caches), then the measured run. */
export async function load(url: string, connections: number, extra: Record<string, string> = {}, warmUp = true): Promise<Load> {
  const headers = { ...BROWSER, ...extra };
  if (warmUp) await autocannon({ url, connections, duration: 1, headers });
  const r = await autocannon({ url, connections, duration: SECONDS, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/**
 * Latencies one request at a time (no queueing): the cost of one render as seen from outside, and the median of the
 * server's own render time when it says it (Server-Timing). `url(i)` may give
 * each request an address of its own, so that none is answered from a kept copy.
 */
export async function sequential(url: string | ((i: number) => string), count: number, headers: Record<string, string> = {}) {
  const at = typeof url === 'string' ? () => url : url;
  for (let i = 0; i < 10; i++) await (await fetch(at(-1 - i), { headers })).arrayBuffer();
  const times: number[] = [];
  const serverTimes: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(at(i), { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    // The server's own account of a rendered answer (Server-Timing: render;dur=…), without this client's share.
    const dur = /render;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
    if (dur !== undefined) serverTimes.push(Number(dur));
    if (res.status !== 200) errors += 1;
  }
  const quantile = (list: number[], q: number) => list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors, serverMedian: serverTimes.length > 0 ? quantile(serverTimes, 0.5) : undefined };
}

/** The raw node:http hello world in a process of its own, as the ceiling. */
export async function startCeiling(): Promise<{ url: string; stop(): void; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'hello.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the hello-world server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, process: child, stop: () => { child.kill('SIGTERM'); } };
}

/** Resident memory of a process in MiB. */
export const rssMiB = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;
