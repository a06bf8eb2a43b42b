import confetti from 'canvas-confetti';
import { useEffect, useRef } from 'react';

/**
 * 250 pieces of confetti, once (no recycling). Drawn on our own canvas without canvas-confetti's worker,
 * whose blob: script the page's CSP would refuse.
 */
export default function Confetti() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const fire = confetti.create(canvas.current, { resize: true, useWorker: false, disableForReducedMotion: true });
    void fire({ particleCount: 250, spread: 100, origin: { y: 0.6 } });
    return () => fire.reset();
  }, []);
  return <canvas ref={canvas} className="confetti" aria-hidden="true" data-pieces="250" />;
}
