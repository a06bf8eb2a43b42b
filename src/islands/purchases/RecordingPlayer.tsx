import { useRef, useState } from 'react';

type Props = {
  productKey: string;
  src: string;
  poster?: string;
  /** True once this purchase has been played: no notice any more. */
  playbackStarted: boolean;
  labels: { notice: string; play: string; expired: string };
};

/**
 * The recording player. Before the first play the buyer is told that playing ends the 14-day right of
 * withdrawal; the first play is reported to the server, which records it once.
 */
export default function RecordingPlayer({ productKey, src, poster, playbackStarted, labels }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [acknowledged, setAcknowledged] = useState(playbackStarted);
  const [reported, setReported] = useState(playbackStarted);
  const [failed, setFailed] = useState(false);

  const report = () => {
    if (reported) return;
    setReported(true);
    void fetch(`/api/videos/${encodeURIComponent(productKey)}/playback`, { method: 'POST' }).catch(() => setReported(false));
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
        src={src}
        poster={poster}
        controls={acknowledged}
        autoPlay={playbackStarted}
        playsInline
        preload="metadata"
        onPlay={report}
        onError={() => setFailed(true)}
        data-testid="recording"
      />
      {failed ? <p role="alert" className="recording-error">{labels.expired}</p> : null}
    </div>
  );
}
