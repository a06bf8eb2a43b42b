// Prints latency percentiles, throughput and server memory for the public pages.
// Usage: npm run build && node bench/pages.ts [requests=2000] [concurrency=20]
import { startServer } from '../tests/support/server.ts';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 20);
const paths = ['/', '/?lang=en', '/healthz'];

const server = await startServer({ LOG_LEVEL: 'warn' }, { usePostgres: false });
try {
  for (const path of paths) {
    for (let i = 0; i < 50; i++) await (await fetch(server.url + path)).arrayBuffer();
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(server.url + path);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(`${path.padEnd(12)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms`);
  }
  const rss = Number((await import('node:child_process')).execFileSync('ps', ['-o', 'rss=', '-p', String(server.process.pid)]).toString().trim());
  console.log(`server RSS after the run: ${(rss / 1024).toFixed(0)} MiB`);
} finally {
  await server.stop();
}
