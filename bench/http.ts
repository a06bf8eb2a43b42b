import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export type Load = { rps: number; p50: number; p99: number; errors: number };

/** What a browser sends (Chrome and Firefox alike): every request of the benchmark carries it, the ceiling's included. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * autocannon appends every response body to a string (`body += chunk`), which decodes compressed bytes as UTF-8 on
 * V8's slow path: replaying the exact bytes of the cached home page from a trivial TCP server, that alone held this
 * client to the server's own rate (bench/README.md, "Front path per request"). No browser does it, and nothing here
 * reads the bodies, so the client keeps none: it still reads, parses and counts every byte.
 */
const require = createRequire(import.meta.url);
(require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } }).prototype.addBody = () => {};

/** Load runs (and server starts) since the process started: a ceiling measured with none since is still the current one. */
let loads = 0;
/** Something that may change the machine's pace ran (a server started): the next ceiling is measured anew. */
export const somethingRan = () => { loads += 1; };

/** autocannon against one URL: a short warm-up first (JIT, caches), then the measured run. */
export async function load(url: string, connections: number, extra: Record<string, string> = {}, warmUp = true): Promise<Load> {
  loads += 1;
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
  loads += 1;
  const at = typeof url === 'string' ? () => url : url;
  const asked = { ...BROWSER, ...headers };
  for (let i = 0; i < 10; i++) await (await fetch(at(-1 - i), { headers: asked })).arrayBuffer();
  const times: number[] = [];
  const serverTimes: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(at(i), { headers: asked });
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

export const CONNECTIONS = [20, 50] as const;
export type Rates = Record<number, number>;

export type Ceiling = {
  /** Requests a second of the raw hello world per connection count; measured again unless nothing ran since. */
  measure(): Promise<{ rates: Rates; fresh: boolean; runs: Load[] }>;
  stop(): void;
};

/** The raw node:http hello world in a process of its own, as the ceiling, kept running for the whole benchmark. */
export async function startCeiling(): Promise<Ceiling> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'hello.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the hello-world server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}/`;
  let last: { rates: Rates; runs: Load[]; afterLoads: number } | null = null;
  return {
    async measure() {
      if (last && last.afterLoads === loads) return { rates: last.rates, runs: last.runs, fresh: false };
      const runs: Load[] = [];
      const rates: Rates = {};
      for (const c of CONNECTIONS) {
        const r = await load(url, c);
        runs.push(r);
        rates[c] = r.rps;
      }
      last = { rates, runs, afterLoads: loads };
      return { rates, runs, fresh: true };
    },
    stop: () => { child.kill('SIGTERM'); },
  };
}

/** Resident memory of a process in MiB. */
export const rssMiB = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;

/** The most resident memory a process has had since it started (VmHWM), in MiB. */
export const peakMiB = (pid: number) => Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
