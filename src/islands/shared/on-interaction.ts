import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island at the visitor's first sign of activity (scroll, pointer, touch, key,
 * focus). For islands whose server-rendered markup already works (a link, say), so nothing is downloaded or run
 * while the page loads. Registered in astro.config.mjs.
 */
const EVENTS = ['scroll', 'pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

const onInteraction: ClientDirective = (load) => {
  const start = () => {
    for (const name of EVENTS) window.removeEventListener(name, start, { capture: true });
    void load().then((hydrate) => hydrate());
  };
  for (const name of EVENTS) window.addEventListener(name, start, { capture: true, passive: true });
};

export default onInteraction;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
