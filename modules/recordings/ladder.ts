import { inputOptions, sourceArg } from './containers.ts';
import type { Rendition } from './recording.ts';

/**
 * The HLS ladder: which renditions a source gets, the one ffmpeg run that makes them (H.264/AAC in fMP4 segments of
 * about 4 seconds, keyframes forced on the segment boundaries so every variant switches cleanly), and the master
 * playlist listing them. Pure functions: the run itself is transcode.ts.
 */

export const SEGMENT_SECONDS = 4;
/** Frames per second at most: a recorded lecture gains nothing from 60, and the encode takes half the time. */
const MAX_FPS = 30;

/** One video rung: its height, target bit rate (kbit/s) and the H.264 level that holds it at 30 fps. */
type Rung = { height: number; kbps: number; level: string; levelHex: string };
const RUNGS: readonly Rung[] = [
  { height: 360, kbps: 800, level: '3.0', levelHex: '1e' },
  { height: 480, kbps: 1400, level: '3.1', levelHex: '1f' },
  { height: 720, kbps: 2800, level: '3.1', levelHex: '1f' },
  { height: 1080, kbps: 5000, level: '4.0', levelHex: '28' },
];
const VIDEO_AUDIO_KBPS = 128;
const AUDIO_ONLY_KBPS = 64;
export const AUDIO_CODEC = 'mp4a.40.2';

export type PlannedRendition = { name: string; width: number; height: number; kbps: number; level: string; codecs: string } | { name: 'audio'; kbps: number; codecs: string };

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The renditions of a source `width`×`height`: every rung not above its height (never upscaled), at its aspect ratio;
 * a source below the lowest rung gets one rendition at its own size. Then the audio-only one.
 */
export function planLadder(width: number, height: number): PlannedRendition[] {
  const fitting = RUNGS.filter((r) => r.height <= height);
  const rungs = fitting.length > 0 ? fitting : [{ ...RUNGS[0]!, height: even(height), kbps: Math.max(200, Math.round(RUNGS[0]!.kbps * (height / RUNGS[0]!.height) ** 2)) }];
  return [
    ...rungs.map((r) => ({
      name: `${r.height}p`, width: even((width * r.height) / height), height: r.height, kbps: r.kbps, level: r.level,
      codecs: `avc1.6400${r.levelHex},${AUDIO_CODEC}`,
    })),
    { name: 'audio' as const, kbps: AUDIO_ONLY_KBPS, codecs: AUDIO_CODEC },
  ];
}

/** The ffmpeg arguments that make every planned rendition in one run, each into `out/<name>/`, progress on stdout. */
export function ffmpegArgs(source: string, out: string, plan: readonly PlannedRendition[]): string[] {
  const videos = plan.filter((p): p is Extract<PlannedRendition, { width: number }> => 'width' in p);
  const split = `[0:v:0]format=yuv420p,split=${videos.length}${videos.map((_, i) => `[s${i}]`).join('')}`;
  const scales = videos.map((v, i) => `[s${i}]scale=${v.width}:${v.height}:flags=bicubic,setsar=1[o${i}]`);
  // The source opened as the probe opened it (containers.ts): a file, in one of our containers, naming no other file.
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputOptions(), '-i', sourceArg(source), '-filter_complex', [split, ...scales].join(';')];
  const streamMap: string[] = [];
  videos.forEach((v, i) => {
    args.push('-map', `[o${i}]`, '-map', '0:a:0',
      `-b:v:${i}`, `${v.kbps}k`, `-maxrate:v:${i}`, `${Math.round(v.kbps * 1.07)}k`, `-bufsize:v:${i}`, `${v.kbps * 2}k`, `-level:v:${i}`, v.level,
      `-b:a:${i}`, `${VIDEO_AUDIO_KBPS}k`);
    streamMap.push(`v:${i},a:${i},name:${v.name}`);
  });
  args.push('-map', '0:a:0', `-b:a:${videos.length}`, `${AUDIO_ONLY_KBPS}k`);
  streamMap.push(`a:${videos.length},name:audio`);
  args.push(
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-fpsmax', String(MAX_FPS),
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
    '-c:a', 'aac', '-ac', '2', '-ar', '48000',
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments', '-hls_segment_filename', `${out}/%v/seg_%05d.m4s`,
    '-var_stream_map', streamMap.join(' '), '-progress', 'pipe:1', '-nostats', `${out}/%v/playlist.m3u8`,
  );
  return args;
}

/** Segment durations and files of a variant playlist as ffmpeg wrote it. */
export function playlistSegments(m3u8: string): { duration: number; uri: string }[] {
  const lines = m3u8.split('\n').map((l) => l.trim());
  const segments: { duration: number; uri: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const uri = lines[i + 1];
    if (m && uri && !uri.startsWith('#')) segments.push({ duration: Number(m[1]), uri });
  }
  return segments;
}

/**
 * A variant's BANDWIDTH (the peak of its segments' bit rates, RFC 8216 4.3.4.2) and AVERAGE-BANDWIDTH, from the sizes
 * of the segments as written (the init segment counted with the first).
 */
export function measuredBandwidth(segments: readonly { duration: number; bytes: number }[], initBytes: number): { peak: number; average: number } {
  let peak = 0;
  let bytes = initBytes;
  let seconds = 0;
  segments.forEach((s, i) => {
    const size = s.bytes + (i === 0 ? initBytes : 0);
    // A last segment of a fraction of a second would claim a peak it never sustains.
    if (s.duration >= 1 || segments.length === 1) peak = Math.max(peak, (size * 8) / Math.max(s.duration, 0.001));
    bytes += s.bytes;
    seconds += s.duration;
  });
  return { peak: Math.ceil(peak), average: Math.ceil(seconds > 0 ? (bytes * 8) / seconds : 0) };
}

/** The master playlist: every video variant with BANDWIDTH, RESOLUTION and CODECS, lowest first, then the audio-only one. */
export function masterPlaylist(renditions: readonly Rendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const ordered = [...renditions].sort((a, b) => (a.height === null ? 1 : 0) - (b.height === null ? 1 : 0) || (a.height ?? 0) - (b.height ?? 0));
  for (const r of ordered) {
    const attrs = [`BANDWIDTH=${r.bandwidth}`, `AVERAGE-BANDWIDTH=${r.averageBandwidth}`];
    if (r.width && r.height) attrs.push(`RESOLUTION=${r.width}x${r.height}`);
    attrs.push(`CODECS="${r.codecs}"`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${r.name}/playlist.m3u8`);
  }
  return lines.join('\n') + '\n';
}
