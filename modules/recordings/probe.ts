import { execFile } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inputOptions, refusedFormatOf, sourceArg } from './containers.ts';

const run = promisify(execFile);

/**
 * What ffprobe says of an uploaded file, judged by the decider (`probeVerdict`): never its name or Content-Type.
 * `videoContainer`: its first bytes are those of a video container (MP4/MOV, Matroska/WebM) even when ffprobe cannot
 * read it, which is what an upload cut short looks like (an MP4 whose index was to come at its end).
 */
export type ProbeOutcome = {
  /**
   * The demuxer's `format_name` (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `hls`…): read, or refused before reading
   * because it is no container of ours (containers.ts); null when ffprobe could not tell (junk, a file cut short).
   */
  format: string | null;
  readable: boolean;
  videoContainer: boolean;
  duration: number;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string; channels: number } | null;
  /** The container's index promises more media than the file holds (an MP4 whose index came first, cut short). */
  truncated: boolean;
};

/** Codecs of still pictures: a JPEG probes as a one-frame "video", an MP3's cover art too. */
const STILL_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff', 'jpegls', 'jpeg2000']);

async function magic(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    await file.read(head, 0, 12, 0);
    const isoBmff = head.toString('latin1', 4, 8) === 'ftyp';
    const ebml = head.readUInt32BE(0) === 0x1a45dfa3;
    return isoBmff || ebml;
  } finally {
    await file.close();
  }
}

type FfprobeJson = {
  format?: { duration?: string; format_name?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; channels?: number; bit_rate?: string; duration?: string; disposition?: { attached_pic?: number } }[];
};

/** Probes a file with ffprobe (the Debian package, on PATH). Reads only its headers: seconds at most, whatever its size. */
export async function probeFile(path: string): Promise<ProbeOutcome> {
  const size = (await stat(path)).size;
  const videoContainer = size > 0 && (await magic(path));
  const unreadable: ProbeOutcome = { format: null, readable: false, videoContainer, duration: 0, video: null, audio: null, truncated: false };
  if (size === 0) return unreadable;
  let parsed: FfprobeJson;
  try {
    // Opened as a file, as one of our containers only: a playlist is refused before ffprobe opens what it names.
    const args = ['-v', 'error', ...inputOptions(), '-print_format', 'json', '-show_format', '-show_streams', sourceArg(path)];
    const { stdout } = await run('ffprobe', args, { maxBuffer: 4 << 20, timeout: 60_000 });
    parsed = JSON.parse(stdout) as FfprobeJson;
  } catch (error) {
    return { ...unreadable, format: refusedFormatOf(String((error as { stderr?: unknown }).stderr ?? '')) };
  }
  const streams = parsed.streams ?? [];
  if (!parsed.format || streams.length === 0) return { ...unreadable, format: parsed.format?.format_name ?? null };
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && !STILL_CODECS.has(s.codec_name ?? ''));
  const a = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format.duration ?? 0) || 0;
  // An MP4's index gives each stream's bit rate from its sample sizes: the media it promises. Far more than the file
  // holds means the file was cut short after its index (with the index at its end, ffprobe cannot read it at all).
  const promised = streams.reduce((sum, s) => sum + (Number(s.bit_rate ?? 0) || 0) * (Number(s.duration ?? 0) || 0) / 8, 0);
  const isMp4 = (parsed.format.format_name ?? '').includes('mp4');
  return {
    format: parsed.format.format_name ?? null, readable: true, videoContainer, duration,
    video: v && v.width && v.height ? { codec: v.codec_name ?? '', width: v.width, height: v.height } : null,
    audio: a ? { codec: a.codec_name ?? '', channels: a.channels ?? 0 } : null,
    truncated: isMp4 && promised > size * 1.05,
  };
}
