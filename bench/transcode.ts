// Transcoding speed (issue 26): a generated 60-second 1080p clip (ffmpeg's testsrc2 and sine: nothing downloaded)
// through the whole ladder, as the recordings module runs it, as a multiple of real time on this machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planLadder, transcode } from '../modules/recordings/index.ts';
import { record } from './table.ts';

const SECONDS = 60;

export async function transcodeBench() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-transcode-'));
  try {
    const source = join(dir, 'source.mp4');
    // A source like a meeting recording's: 1080p at 30 fps, H.264 and AAC (made fast, at a high bit rate).
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source]);
    const started = performance.now();
    const outcome = await transcode({ source, out: join(dir, 'out'), width: 1920, height: 1080, duration: SECONDS });
    const wall = (performance.now() - started) / 1000;
    const ladder = planLadder(1920, 1080).map((r) => r.name).join(', ');
    record({
      what: `transcode: ${SECONDS} s of 1080p30 into ${ladder}`, case: 'one ffmpeg run (libx264 veryfast)',
      result: outcome.ok ? `${(SECONDS / wall).toFixed(2)}× real time (${wall.toFixed(1)} s wall)` : `failed: ${outcome.reason}`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
