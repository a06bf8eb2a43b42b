import { execFile } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
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
    const { readFile } = await import('node:fs/promises');
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
