import { useEffect, useRef, useState } from 'react';
import { attachHls, type HlsAttachment, type Quality } from './hls-source.ts';
import { usePositionSaver } from './position-saver.ts';

type Props = {
  productKey: string;
  /** The signed file of a recording kept the old way; used when `hls` is absent. */
  src: string;
  /** The master playlist of the recording (modules/recordings), with its token; preferred when present. */
  hls?: string | null;
  poster?: string;
  /** True once this purchase has been played: no notice any more. */
  playbackStarted: boolean;
  /** Where to start, in seconds (the viewer's saved position; 0 near the end or when none). */
  startAt?: number;
  labels: { notice: string; play: string; expired: string; quality?: string; qualityAuto?: string; audioOnly?: string; resumedAt?: string; fromStart?: string };
};

const clock = (seconds: number) => {
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` : `${Math.floor(s / 60)}:${pad(s % 60)}`;
};

/**
 * The recording player. Before the first play the buyer is told that playing ends the 14-day right of
 * withdrawal; the first play is reported to the server, which records it once. An HLS recording plays adaptively
 * with a choice of quality, audio only among them; the player starts where the viewer stopped and keeps that place
 * on the server.
 */
export default function RecordingPlayer({ productKey, src, hls, poster, playbackStarted, startAt = 0, labels }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [acknowledged, setAcknowledged] = useState(playbackStarted);
  const [reported, setReported] = useState(playbackStarted);
  const [failed, setFailed] = useState(false);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [quality, setQuality] = useState(-1);
  const [resumed, setResumed] = useState(startAt > 0);
  const attached = useRef<HlsAttachment | null>(null);
  usePositionSaver(video, productKey);

  useEffect(() => {
    const v = video.current;
    if (!v || !hls) return undefined;
    let live = true;
    void attachHls(v, hls, startAt, (q) => { if (live) setQualities(q); }).then((a) => {
      if (live) attached.current = a;
      else a.destroy();
    });
    return () => { live = false; attached.current?.destroy(); attached.current = null; };
  }, [hls, startAt]);

  const report = () => {
    if (reported) return;
    setReported(true);
    void fetch(`/api/videos/${encodeURIComponent(productKey)}/playback`, { method: 'POST' }).catch(() => setReported(false));
  };
  // The saved place, once the browser first knows the length (hls.js starts there itself through startPosition); not
  // again when a change of quality to or from audio only loads the media anew.
  const sought = useRef(false);
  const seekToStart = () => {
    const v = video.current;
    if (sought.current || !v) return;
    sought.current = true;
    if (startAt > 0 && v.currentTime < 1 && startAt < v.duration) v.currentTime = startAt;
  };
  const fromStart = () => {
    if (video.current) video.current.currentTime = 0;
    setResumed(false);
  };

  return (
    <div className="recording-player">
      {acknowledged ? null : (
        <div className="recording-notice" role="note">
          <p>{labels.notice}</p>
          <button type="button" className="button" onClick={() => { setAcknowledged(true); void video.current?.play(); }}>{labels.play}</button>
        </div>
      )}
      <video
        ref={video}
        src={hls ? undefined : src}
        poster={poster}
        controls={acknowledged}
        autoPlay={playbackStarted}
        playsInline
        preload="metadata"
        onPlay={report}
        onLoadedMetadata={seekToStart}
        onError={() => setFailed(true)}
        data-testid="recording"
        data-start-at={startAt}
      />
      {(resumed || qualities.length > 1) && (
        <div className="recording-tools">
          {resumed && labels.resumedAt && (
            <p data-testid="recording-resumed">{labels.resumedAt.replace('{time}', clock(startAt))}{' '}
              <button type="button" className="button button--quiet" onClick={fromStart}>{labels.fromStart}</button></p>
          )}
          {qualities.length > 1 && (
            <label>{labels.quality}{' '}
              <select value={quality} data-testid="recording-quality" onChange={(e) => { const i = Number(e.target.value); setQuality(i); attached.current?.choose(i); }}>
                <option value={-1}>{labels.qualityAuto}</option>
                {qualities.map((q) => <option key={q.index} value={q.index}>{q.height > 0 ? `${q.height}p` : labels.audioOnly}</option>)}
              </select>
            </label>
          )}
        </div>
      )}
      {failed ? <p role="alert" className="recording-error">{labels.expired}</p> : null}
    </div>
  );
}
