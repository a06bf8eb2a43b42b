import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from './motion.ts';

type Props = { src: string; poster: string; playLabel: string; pauseLabel: string };

/** The purchase page's hero: autoplays muted and loops; a click toggles play and pause. No autoplay with reduced motion. */
export default function HeroVideo({ src, poster, playLabel, pauseLabel }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const reduced = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (reduced) { v.pause(); return; }
    v.play().catch(() => setPlaying(false));
  }, [reduced]);
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play(); else v.pause();
  };
  return (
    <div className="hero-video">
      <video ref={video} src={src} poster={poster} muted loop playsInline preload="metadata" onClick={toggle}
        onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} aria-hidden="true" />
      <button type="button" className="hero-video__toggle" onClick={toggle} aria-pressed={playing} data-testid="hero-toggle">
        {playing ? `❚❚ ${pauseLabel}` : `▶ ${playLabel}`}
      </button>
    </div>
  );
}
