import { useEffect } from 'react';

/** How often the position of a playing recording is sent. */
export const SAVE_EVERY_MS = 10_000;

/**
 * Keeps the viewer's position on the server (PUT /api/user/recordings/{productKey}/position): every 10 s while
 * playing, on pause, and when the page is hidden or left (fetch with keepalive outlives the page, as a beacon
 * would, and can PUT). A position is sent only when it moved, and only once the length is known.
 */
export function usePositionSaver(video: React.RefObject<HTMLVideoElement | null>, productKey: string) {
  useEffect(() => {
    const v = video.current;
    if (!v) return undefined;
    let last = -1;
    const save = (keepalive = false) => {
      const position = Math.floor(v.currentTime * 10) / 10;
      const duration = v.duration;
      if (!Number.isFinite(duration) || duration <= 0 || position === last) return;
      last = position;
      void fetch(`/api/user/recordings/${encodeURIComponent(productKey)}/position`, {
        method: 'PUT', keepalive, credentials: 'same-origin',
        headers: { 'content-type': 'application/json' }, body: JSON.stringify({ position, duration }),
      }).catch(() => { last = -1; });
    };
    const timer = setInterval(() => { if (!v.paused) save(); }, SAVE_EVERY_MS);
    const hidden = () => { if (document.visibilityState === 'hidden') save(true); };
    const onPause = () => save();
    const onLeave = () => save(true);
    v.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(timer);
      v.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', onLeave);
    };
  }, [video, productKey]);
}
