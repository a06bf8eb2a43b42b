/** Scroll and reveal geometry of spec 9, without React: shared by the hero script and the islands. */
export const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** Spec 9: the text reveal runs over a scroll span of 0.3; unrevealed letters stay at opacity 0.14. */
const REVEAL_SPAN = 0.3;
export const DIM_OPACITY = 0.14;

/** Opacity of letter `i` of `n` at reveal progress `p` (0..1): letters light up one after another. */
export function letterOpacity(i: number, n: number, p: number): number {
  const start = (i / Math.max(1, n)) * (1 - REVEAL_SPAN);
  const t = clamp01((p - start) / REVEAL_SPAN);
  return DIM_OPACITY + (1 - DIM_OPACITY) * t;
}

/**
 * Spec 9: the banner starts at 80vw wide (90vw at 767 px and below), 50vh high, 5 % top padding,
 * and grows towards the full viewport as the hero scrolls; narrow screens grow faster.
 */
export function bannerFrame(progress: number, narrow: boolean) {
  const p = clamp01(progress * (narrow ? 1.6 : 1.2));
  const startWidth = narrow ? 90 : 80;
  return {
    widthVw: startWidth + (100 - startWidth) * p,
    heightVh: 50 + 30 * p,
    topPaddingPct: 5 * (1 - p),
    shiftPx: -40 * p,
    radiusPx: 28 * (1 - p),
  };
}
