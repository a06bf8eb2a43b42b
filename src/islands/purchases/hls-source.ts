/**
 * Plays an HLS master playlist in a <video>: through hls.js where Media Source Extensions exist (loaded only then,
 * it is large), through the browser's own HLS elsewhere (Safari on iPhone). Our playlists carry their tokens in
 * every URI, so neither needs anything added to a request.
 */
export type Quality = { index: number; height: number; bitrate: number };
export type HlsAttachment = { qualities: Quality[]; choose(index: number): void; destroy(): void };

const nativeHls = (video: HTMLVideoElement) => video.canPlayType('application/vnd.apple.mpegurl') !== '';

export async function attachHls(video: HTMLVideoElement, url: string, startAt: number, onQualities: (q: Quality[]) => void): Promise<HlsAttachment> {
  const hasMse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  if (!hasMse && nativeHls(video)) {
    video.src = url;
    return { qualities: [], choose: () => {}, destroy: () => { video.removeAttribute('src'); video.load(); } };
  }
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    video.src = url;
    return { qualities: [], choose: () => {}, destroy: () => {} };
  }
  // No worker: the site's CSP allows no blob: scripts, and demuxing fMP4 needs little work.
  const hls = new Hls({ enableWorker: false, startPosition: startAt > 0 ? startAt : -1, capLevelToPlayerSize: true });
  const attachment: HlsAttachment = {
    qualities: [],
    choose: (index) => { hls.currentLevel = index; },
    destroy: () => hls.destroy(),
  };
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    attachment.qualities = data.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate }));
    onQualities(attachment.qualities);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else video.dispatchEvent(new Event('error'));
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return attachment;
}
