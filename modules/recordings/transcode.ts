import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ffmpegArgs, measuredBandwidth, planLadder, playlistSegments, type PlannedRendition } from './ladder.ts';
import type { FailureCode, Rendition } from './recording.ts';

/** ffmpeg children still running, killed when this process exits, so a restarted instance never races an orphan. */
const running = new Set<ReturnType<typeof spawn>>();
process.once('exit', () => { for (const child of running) child.kill('SIGKILL'); });

export type TranscodeOutcome =
  | { ok: true; renditions: Rendition[]; duration: number; files: string[] }
  | { ok: false; reason: FailureCode; detail: string };

/**
 * Runs ffmpeg once for the whole ladder into `out`, reporting progress (0..1 of `duration`), then reads back what it
 * wrote: each variant's segments and their measured bit rates. A run that fails, or renditions shorter than the source
 * says it is (a file cut short that its header did not give away), is an outcome with a reason, never a recording.
 * `signal` stops it (our claim on the work was lost): that throws, as nothing was decided.
 */
export async function transcode(input: {
  source: string; out: string; width: number; height: number; duration: number;
  onProgress?: (fraction: number) => void; signal?: AbortSignal;
}): Promise<TranscodeOutcome> {
  const plan = planLadder(input.width, input.height);
  const child = spawn('ffmpeg', ffmpegArgs(input.source, input.out, plan), { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  // Below the web server: a transcode takes what CPU the requests leave.
  try { if (child.pid) setPriority(child.pid, 10); } catch { /* not permitted here: runs at normal priority */ }
  const abort = () => child.kill('SIGKILL');
  input.signal?.addEventListener('abort', abort, { once: true });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const m = /^out_time_us=(\d+)/.exec(line);
    if (m && input.duration > 0) input.onProgress?.(Math.min(1, Number(m[1]) / 1e6 / input.duration));
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  running.delete(child);
  input.signal?.removeEventListener('abort', abort);
  if (input.signal?.aborted) throw new Error('transcode stopped: the claim on its work was lost');
  const cut = /partial file|Invalid data found|corrupt|End of file|ended prematurely/i.test(stderr);
  if (code !== 0) return { ok: false, reason: cut ? 'recording-truncated' : 'recording-transcode-failed', detail: stderr.trim().slice(-500) };
  return readBack(input.out, plan, input.duration, cut);
}

async function readBack(out: string, plan: readonly PlannedRendition[], expected: number, cut: boolean): Promise<TranscodeOutcome> {
  const renditions: Rendition[] = [];
  const files: string[] = [];
  let shortest = Number.POSITIVE_INFINITY;
  for (const p of plan) {
    const dir = join(out, p.name);
    const playlist = await readFile(join(dir, 'playlist.m3u8'), 'utf8').catch(() => null);
    if (playlist === null) return { ok: false, reason: 'recording-transcode-failed', detail: `no playlist for ${p.name}` };
    const segments = playlistSegments(playlist);
    const init = (await readdir(dir)).find((f) => /^init(_\d+)?\.mp4$/.test(f));
    if (!init || segments.length === 0) return { ok: false, reason: 'recording-transcode-failed', detail: `no segments for ${p.name}` };
    const sized = await Promise.all(segments.map(async (s) => ({ duration: s.duration, bytes: (await stat(join(dir, s.uri))).size })));
    const { peak, average } = measuredBandwidth(sized, (await stat(join(dir, init))).size);
    shortest = Math.min(shortest, segments.reduce((sum, s) => sum + s.duration, 0));
    renditions.push({ name: p.name, width: 'width' in p ? p.width : null, height: 'height' in p ? p.height : null, bandwidth: peak, averageBandwidth: average, codecs: p.codecs });
    files.push(`${p.name}/playlist.m3u8`, `${p.name}/${init}`, ...segments.map((s) => `${p.name}/${s.uri}`));
  }
  // A little slack: the audio and video of a recording rarely end on the same frame.
  if (shortest < expected * 0.95 - 0.5 || (cut && shortest < expected - 0.5)) {
    return { ok: false, reason: 'recording-truncated', detail: `renditions last ${shortest.toFixed(1)} s of ${expected.toFixed(1)} s` };
  }
  return { ok: true, renditions, duration: Math.round(shortest * 1000) / 1000, files };
}
