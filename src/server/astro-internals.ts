/**
 * Everything we rely on that Astro and @astrojs/node do not document, in one place: an Astro or adapter upgrade that
 * changes one of these fails tests/modules/web/astro-internals.test.ts, which checks each against the installed packages.
 * Nothing here imports Astro at run time: astro.config.mjs and the server bundle both load this file.
 */
import { STATUS_CODES } from 'node:http';
import type { AstroIntegration } from 'astro';

/**
 * Astro keeps the cookies a route set on the Response object under this symbol, and adds their Set-Cookie headers only
 * when it writes the response. A response we rebuild (compressed, or from a stored body) must carry them over, and the
 * page cache must see them to refuse keeping an answer that sets a cookie.
 */
export const ASTRO_COOKIES = Symbol.for('astro.cookies');

/** Carries the cookies a route set from `from` over to `to`. */
export function keepAstroCookies(from: Response, to: Response) {
  const cookies: unknown = Reflect.get(from, ASTRO_COOKIES);
  if (cookies != null) Reflect.set(to, ASTRO_COOKIES, cookies);
}

/** The values of the Set-Cookie headers Astro will add for the cookies a route set, and any already in the headers. */
export function astroSetCookies(response: Response): string[] {
  const cookies = Reflect.get(response, ASTRO_COOKIES) as { headers(): Iterable<string> } | undefined;
  return [...(cookies?.headers() ?? []), ...response.headers.getSetCookie()];
}

/**
 * @astrojs/node (standalone) with our own server entry in front of its server module (src/server/entry.ts), so the
 * runtime boots before the server listens and our front server listens instead of the adapter's. The adapter sets
 * itself in its `astro:config:done` hook; we wrap that hook and replace the adapter's `serverEntrypoint`.
 */
export function withServerEntry(integration: AstroIntegration, serverEntrypoint: URL): AstroIntegration {
  const configDone = integration.hooks['astro:config:done'];
  if (!configDone) throw new Error(`${integration.name} no longer sets its adapter in astro:config:done`);
  integration.hooks['astro:config:done'] = (params) => configDone({
    ...params,
    setAdapter: (adapter) => params.setAdapter({ ...adapter, serverEntrypoint }),
  });
  return integration;
}

/**
 * @astrojs/node's request handler, for our front server to pass what it does not answer itself. The adapter's server
 * module starts a server of its own on import unless `ASTRO_NODE_AUTOSTART` says otherwise (an undocumented switch).
 * The entry passes the import, so that only the server entry's bundle resolves the adapter's module.
 */
export async function astroNodeHandler<H>(load: () => Promise<{ handler: H }>): Promise<H> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  return (await load()).handler;
}

/**
 * Astro answers a page that set `Astro.response.status` with the reason phrase "OK" whatever the status (it corrects
 * only 404 and 500), and the adapter writes it: `403 OK`. The answer with the phrase that goes with its status.
 */
export function withReasonPhrase(response: Response): Response {
  const phrase = STATUS_CODES[response.status] ?? '';
  if (!response.statusText || response.statusText === phrase) return response;
  const fixed = new Response(response.body, { status: response.status, statusText: phrase, headers: response.headers });
  keepAstroCookies(response, fixed);
  return fixed;
}
