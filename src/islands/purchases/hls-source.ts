import type Hls from 'hls.js';

/**
 * Plays an HLS master playlist in a <video>: through hls.js where Media Source Extensions exist (loaded only then,
 * it is large), through the browser's own HLS elsewhere (Safari on iPhone). Our playlists carry their tokens in
 * every URI, so neither needs anything added to a request.
 */
export type Quality = { index: number; height: number; bitrate: number };
export type HlsAttachment = { qualities: Quality[]; choose(index: number): void; destroy(): void };

/** The quality menu's "audio only": the master's audio-only variant, played on its own. */
export const AUDIO_ONLY = -2;

const nativeHls = (video: HTMLVideoElement) => video.canPlayType('application/vnd.apple.mpegurl') !== '';

/** A variant with sound and no picture (our ladder's `audio/playlist.m3u8`). */
const audioOnly = (l: { audioCodec?: string; videoCodec?: string; width?: number; height?: number }) => !!l.audioCodec && !l.videoCodec && !(l.width && l.height);

export async function attachHls(video: HTMLVideoElement, url: string, startAt: number, onQualities: (q: Quality[]) => void): Promise<HlsAttachment> {
  const hasMse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  if (!hasMse && nativeHls(video)) {
    video.src = url;
    return { qualities: [], choose: () => {}, destroy: () => { video.removeAttribute('src'); video.load(); } };
  }
  const { default: HlsJs } = await import('hls.js');
  if (!HlsJs.isSupported()) {
    video.src = url;
    return { qualities: [], choose: () => {}, destroy: () => {} };
  }
  // hls.js leaves an audio-only variant out of a ladder that has video (its levels are all video), so "audio only" is
  // that variant's playlist loaded on its own, from where the viewer is; a video quality loads the master again.
  let audio: { url: string; bitrate: number } | null = null;
  let onAudio = false;

  const open = (source: string, from: number, level: number): Hls => {
    // No worker: the site's CSP allows no blob: scripts, and demuxing fMP4 needs little work.
    const hls = new HlsJs({ enableWorker: false, startPosition: from > 0 ? from : -1, capLevelToPlayerSize: true, ...(level >= 0 ? { startLevel: level } : {}) });
    if (level >= 0) hls.on(HlsJs.Events.MANIFEST_PARSED, () => { hls.currentLevel = level; });
    // The master's parsed variants, audio only among them (hls.js has already sorted its levels when this runs).
    if (source === url && attachment.qualities.length === 0) {
      hls.on(HlsJs.Events.MANIFEST_LOADED, (_event, data) => {
        const found = data.levels.find(audioOnly);
        audio = found ? { url: found.url, bitrate: found.bitrate } : null;
        const qualities = hls.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate }));
        // Offered beside a choice of pictures: a ladder of one rung (a source under 360p) is small already, and has no menu.
        if (audio && qualities.length > 1) qualities.push({ index: AUDIO_ONLY, height: 0, bitrate: audio.bitrate });
        attachment.qualities = qualities;
        onQualities(qualities);
      });
    }
    hls.on(HlsJs.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
      else video.dispatchEvent(new Event('error'));
    });
    hls.loadSource(source);
    hls.attachMedia(video);
    return hls;
  };

  /** Plays `source` from where the viewer is, playing on if they were. */
  const switchTo = (source: string, level: number) => {
    const [from, playing] = [video.currentTime, !video.paused];
    current.destroy();
    current = open(source, from, level);
    onAudio = source !== url;
    if (playing) void video.play().catch(() => {});
  };

  const attachment: HlsAttachment = {
    qualities: [],
    choose: (index) => {
      if (index === AUDIO_ONLY) { if (audio && !onAudio) switchTo(audio.url, -1); }
      else if (onAudio) switchTo(url, index);
      else current.currentLevel = index;
    },
    destroy: () => current.destroy(),
  };
  let current = open(url, startAt, -1);
  return attachment;
}
