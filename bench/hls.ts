// HLS segments to many viewers (issue 26): one owner's segment URL (token and access checked on every request, the
// bytes streamed from storage) loaded by 200 connections, beside a raw node:http process answering the same bytes
// from memory (bench/segment-ceiling.ts) measured right before and after; and the server's memory while it serves.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEYS } from '../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../tests/support/accounts.ts';
import { uploadRecording } from '../tests/support/recordings.ts';
import { startServer } from '../tests/support/server.ts';
import { startSmtp } from '../tests/support/smtp.ts';
import { makeVideo } from '../tests/support/videos.ts';
import { load, peakMiB, somethingRan, type Load } from './http.ts';
import { record } from './table.ts';

const CONNECTIONS = Number(process.env.BENCH_HLS_CONNECTIONS ?? 200);

/** Resident memory from /proc (no child process: sampled while autocannon runs in this process). */
const rssNow = (pid: number) => Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function startSegmentCeiling(file: string) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'segment-ceiling.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the segment server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/seg_00000.m4s`, stop: () => child.kill('SIGTERM') };
}

export async function hlsBench() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hls-'));
  const smtp = await startSmtp();
  const server = await startServer({ LOG_LEVEL: 'warn', SMTP_URL: smtp.url, ADMIN_EMAILS: 'nagrania@example.com', TRANSCODE_WORKERS: '1' });
  somethingRan();
  let ceiling: Awaited<ReturnType<typeof startSegmentCeiling>> | null = null;
  try {
    // A 640×360 source: its ladder is 360p and audio only, and 360p segments are what most phones get.
    const source = await makeVideo(join(dir, 'source.mp4'), { width: 640, height: 360, seconds: 8 });
    const admin = (await signUp(server, smtp, 'nagrania@example.com', 'Ola Nagrania')).token;
    const version = await uploadRecording(server, admin, DEMO_KEYS.shame, readFileSync(source));
    const viewer = await signUp(server, smtp, 'widz@example.com', 'Ewa Widz');
    await buyWithDevCheckout(server, viewer.token, DEMO_KEYS.shame, 'price_demo_shame_pln');
    const playback = await fetch(`${server.url}/api/recordings/${DEMO_KEYS.shame}/playback`, { headers: { authorization: `Bearer ${viewer.token}` } });
    if (playback.status !== 200) throw new Error(`playback answered ${playback.status}`);
    const master = new URL(((await playback.json()) as { url: string }).url, server.url);
    const variant = new URL(`360p/playlist.m3u8${master.search}`, master);
    const segmentLine = (await (await fetch(variant)).text()).split('\n').find((l) => l.startsWith('seg_'));
    if (!segmentLine) throw new Error('the 360p playlist lists no segment');
    const segmentUrl = new URL(segmentLine, variant).href;
    const segment = Buffer.from(await (await fetch(segmentUrl)).arrayBuffer());
    const copy = join(dir, 'segment.m4s');
    writeFileSync(copy, segment);
    ceiling = await startSegmentCeiling(copy);
    const kib = segment.length / 1024;
    const mbps = (r: Load) => `${((r.rps * segment.length) / 2 ** 20).toFixed(0)} MiB/s`;
    const label = `${CONNECTIONS} conn · one ${kib.toFixed(0)} KiB 360p segment (v${version})`;

    const before = await load(ceiling.url, CONNECTIONS);
    record({ what: 'ceiling: raw node:http, the same segment from memory', case: `before · ${label}`, ...before, result: mbps(before) });

    // Two runs one after the other: memory that stays flat reads the same after the second as after the first.
    const pid = server.process.pid!;
    const rss = [rssNow(pid)];
    const peaks = [peakMiB(pid)];
    let sampledMax = rss[0]!;
    const runs: Load[] = [];
    for (let i = 0; i < 2; i++) {
      const sampler = setInterval(() => { sampledMax = Math.max(sampledMax, rssNow(pid)); }, 100);
      runs.push(await load(segmentUrl, CONNECTIONS).finally(() => clearInterval(sampler)));
      rss.push(rssNow(pid));
      peaks.push(peakMiB(pid));
    }
    const appRows = runs.map((r, i) => record({ what: 'HLS segments: token and access checked on each, bytes held after the first read', case: `app, run ${i + 1} · ${label}`, ...r, result: mbps(r) }));

    const after = await load(ceiling.url, CONNECTIONS);
    record({ what: 'ceiling: raw node:http, the same segment from memory', case: `after · ${label}`, ...after, result: mbps(after) });
    for (const row of appRows) row.ratio = row.rps! / Math.max(before.rps, after.rps);
    record({
      what: 'memory while serving segments: RSS before → after run 1 → after run 2 (highest sampled) · VmHWM the same', case: `app · ${CONNECTIONS} conn`,
      result: `${rss.map(Math.round).join(' → ')} MiB (${Math.round(sampledMax)}) · ${peaks.map(Math.round).join(' → ')} MiB`,
    });
  } finally {
    ceiling?.stop();
    await server.stop();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
