import { useEffect, useRef, useState } from 'react';
import { bannerFrame, clamp01, letterOpacity, usePrefersReducedMotion } from './motion.ts';

type Props = { bannerSrc: string; bannerAlt: string; welcome: string; siteName: string; about: string };

/**
 * The banner card that grows and shifts with scroll, the welcome line that fades in, and the about
 * paragraph whose letters light up. Server-rendered in its final, readable state; motion starts only
 * in the browser and never with prefers-reduced-motion.
 */
export default function ScrollHero({ bannerSrc, bannerAlt, welcome, siteName, about }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const aboutRef = useRef<HTMLParagraphElement>(null);
  const reduced = usePrefersReducedMotion();
  const [state, setState] = useState({ hero: 1, welcome: 1, reveal: 1, narrow: false, live: false });

  useEffect(() => {
    if (reduced) { setState((s) => ({ ...s, hero: 1, welcome: 1, reveal: 1, live: false })); return; }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = root.current;
      const text = aboutRef.current;
      if (!el || !text) return;
      const vh = window.innerHeight;
      const box = el.getBoundingClientRect();
      const hero = clamp01(-box.top / Math.max(1, box.height * 0.6));
      // Reveal triggers 100 px above the viewport bottom (spec 9) and completes as the paragraph reaches the middle.
      const t = text.getBoundingClientRect();
      const reveal = clamp01((vh - 100 - t.top) / Math.max(1, vh * 0.55));
      const welcomeP = clamp01((vh - 100 - t.top + 120) / 220);
      setState({ hero, welcome: welcomeP, reveal, narrow: window.innerWidth <= 767, live: true });
    };
    const onScroll = () => { if (!frame) frame = requestAnimationFrame(measure); };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => { window.removeEventListener('scroll', onScroll); window.removeEventListener('resize', onScroll); cancelAnimationFrame(frame); };
  }, [reduced]);

  const f = bannerFrame(state.live ? state.hero : 0, state.narrow);
  const letters = [...about];
  return (
    <div className="scroll-hero" ref={root}>
      <div className="banner-wrap" style={{ paddingTop: `${f.topPaddingPct}%` }}>
        <img
          className="banner" src={bannerSrc} alt={bannerAlt} width={960} height={540} fetchPriority="high"
          style={{ width: `min(${f.widthVw}vw, 100%)`, height: `${f.heightVh}vh`, transform: `translateY(${f.shiftPx}px)`, borderRadius: `${f.radiusPx}px` }}
        />
      </div>
      <h2 className="welcome" style={{ opacity: state.live ? state.welcome : 1, transform: `translateY(${(1 - (state.live ? state.welcome : 1)) * 16}px)` }}>
        {welcome} <span className="welcome__name">{siteName}</span>
      </h2>
      <p className="about" ref={aboutRef}>
        <span className="visually-hidden">{about}</span>
        <span aria-hidden="true">
          {letters.map((ch, i) => (
            <span key={i} className="about__letter" style={{ opacity: state.live ? letterOpacity(i, letters.length, state.reveal) : 1 }}>{ch}</span>
          ))}
        </span>
      </p>
    </div>
  );
}
