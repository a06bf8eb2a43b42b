import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A short test video made by ffmpeg from its own sources (`testsrc` and `sine`): nothing downloaded. `faststart` puts
 * an MP4's index first; `cut` keeps only that fraction of the file's bytes (an upload cut short).
 */
export async function makeVideo(path: string, opts: {
  width?: number; height?: number; seconds?: number; audio?: boolean; video?: boolean; faststart?: boolean; cut?: number;
} = {}): Promise<string> {
  const { width = 640, height = 360, seconds = 2, audio = true, video = true } = opts;
  const webm = path.endsWith('.webm');
  const args = ['-v', 'error', '-y'];
  if (video) args.push('-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`);
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  if (video) args.push(...(webm ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']));
  if (audio) args.push(...(webm ? ['-c:a', 'libopus'] : ['-c:a', 'aac']));
  if (opts.faststart) args.push('-movflags', '+faststart');
  await run('ffmpeg', [...args, path]);
  if (opts.cut !== undefined) {
    const { size } = await stat(path);
    await writeFile(path, (await readFile(path)).subarray(0, Math.floor(size * opts.cut)));
  }
  return path;
}

/** What ffprobe sees in a file: each stream's type, codec and size, and the duration. */
export async function probeStreams(path: string): Promise<{ duration: number; streams: { type: string; codec: string; width?: number; height?: number }[] }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]);
  const parsed = JSON.parse(stdout) as { format: { duration?: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
  return {
    duration: Number(parsed.format.duration ?? 0),
    streams: parsed.streams.map((s) => ({ type: s.codec_type, codec: s.codec_name, ...(s.width ? { width: s.width, height: s.height } : {}) })),
  };
}

/**
 * A real 2-second MP4 (index first) grown to `size` bytes by a trailing `free` box, which every MP4 reader skips:
 * large enough that an upload can be cut off mid-way, still a video to ffprobe and ffmpeg.
 */
export async function paddedVideo(size: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'gestalt-upload-'));
  try {
    const video = await readFile(await makeVideo(join(dir, 'dzien-1.mp4'), { seconds: 2, faststart: true }));
    const free = Buffer.alloc(size - video.length);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4, 'latin1');
    randomBytes(free.length - 8).copy(free, 8);
    return Buffer.concat([video, free]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
