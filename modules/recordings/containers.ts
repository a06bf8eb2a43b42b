/**
 * The containers a recording may come in, in one place for ffprobe, ffmpeg and the decider. A recording is one file
 * holding its media: MP4/MOV (what Zoom, phones and cameras write), Matroska/WebM (OBS, browsers), AVI (old cameras).
 * Everything else is refused, playlists and reference formats above all (HLS, DASH, concat, ffconcat, image
 * sequences): those name other files or URLs, and ffmpeg would follow them and copy whatever they point at (the
 * server's own files, another product's renditions) into a rendition we then serve.
 */

/**
 * ffmpeg's demuxer names, as `ffprobe -formats` lists them and as the probe's `format_name` reports them. The mov
 * demuxer leaves MP4 data references (drefs) to other files alone unless `enable_drefs` is set, which we never set.
 */
export const RECORDING_DEMUXERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi'] as const;

/** The names one by one: what `-format_whitelist` takes (ffmpeg matches any name of a demuxer against it). */
const DEMUXER_NAMES: ReadonlySet<string> = new Set(RECORDING_DEMUXERS.flatMap((d) => d.split(',')));

/** Whether the probe's `format_name` (e.g. `matroska,webm`, `hls`, `concat`) is a container we take. */
export function isRecordingContainer(formatName: string): boolean {
  return RECORDING_DEMUXERS.includes(formatName as (typeof RECORDING_DEMUXERS)[number]);
}

/**
 * The input options that put before `-i` open the source only as a local file, only as one of our containers: no
 * protocol but `file` (no http, no data:, no concat:/subfile:, for the source and anything it names), and no demuxer
 * but ours (hls, dash and concat fail to open). `sourceArg` gives the path as `file:` so a name is never read as a
 * protocol.
 */
export function inputOptions(): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', [...DEMUXER_NAMES].join(',')];
}

export const sourceArg = (path: string) => `file:${path}`;

/**
 * The demuxer ffmpeg picked for a file it then refused as not on the whitelist, from its log line
 * `[hls @ 0x55…] Format not on whitelist '…'`: the format name of what was refused, so it is refused by its name.
 */
export function refusedFormatOf(stderr: string): string | null {
  return /^\[([^\]@]+?) @ 0x[0-9a-f]+\] Format not on whitelist/m.exec(stderr)?.[1] ?? null;
}
