import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import node from '@astrojs/node';
import type { AstroAdapter } from 'astro';
import { describe, expect, it } from 'vitest';
import { AstroCookies, attachCookiesToResponse, getSetCookiesFromResponse } from '../../../node_modules/astro/dist/core/cookies/index.js';
import { astroSetCookies, keepAstroCookies, withReasonPhrase, withServerEntry } from '../../../src/server/astro-internals.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * What src/server/astro-internals.ts relies on, checked against the installed astro and @astrojs/node: after an
 * upgrade that changes one of them, this fails before the server does.
 */
describe('what we rely on of Astro beyond its documentation', () => {
  it('Astro still keeps a route\'s cookies on the Response under Symbol.for(\'astro.cookies\'), as we read and carry them', () => {
    const cookies = new AstroCookies(new Request('http://site/'), { warn() {} });
    cookies.set('lang', 'en', { path: '/' });
    const rendered = new Response('page');
    attachCookiesToResponse(rendered, cookies);
    expect(astroSetCookies(rendered)).toEqual(['lang=en; Path=/']);
    const rebuilt = new Response('compressed');
    keepAstroCookies(rendered, rebuilt);
    expect([...getSetCookiesFromResponse(rebuilt)]).toEqual(['lang=en; Path=/']);
  });

  it('@astrojs/node still sets its adapter in astro:config:done, where we put our server entry', () => {
    const entry = new URL('../../../src/server/entry.ts', import.meta.url);
    const integration = withServerEntry(node({ mode: 'standalone' }), entry);
    let adapter: AstroAdapter | undefined;
    const params = { config: {}, setAdapter: (a: AstroAdapter) => { adapter = a; } };
    (integration.hooks['astro:config:done'] as unknown as (p: typeof params) => void)(params);
    expect(adapter?.name).toBe('@astrojs/node');
    expect(adapter?.serverEntrypoint).toBe(entry);
  });

  it('@astrojs/node\'s server module still starts a server of its own on import unless ASTRO_NODE_AUTOSTART is "disabled"', () => {
    const server = readFileSync(join(root, 'node_modules', '@astrojs', 'node', 'dist', 'server.js'), 'utf8');
    expect(server).toContain('process.env.ASTRO_NODE_AUTOSTART !== "disabled"');
    expect(server).toMatch(/export\s*{[^}]*\bhandler\b/);
  });

  it('a page\'s status goes out with its own reason phrase (Astro leaves "OK" on all but 404 and 500), cookies kept', () => {
    const cookies = new AstroCookies(new Request('http://site/'), { warn() {} });
    cookies.set('lang', 'pl', { path: '/' });
    const page = new Response('nie', { status: 403, statusText: 'OK' });
    attachCookiesToResponse(page, cookies);
    const answered = withReasonPhrase(page);
    expect([answered.status, answered.statusText]).toEqual([403, 'Forbidden']);
    expect(astroSetCookies(answered)).toEqual(['lang=pl; Path=/']);
    const fine = new Response('tak');
    expect(withReasonPhrase(fine)).toBe(fine);
  });
});
