// Pages, API reads, uncached renders and memory against the production build, on one database backend.
import { firstAdminSignIn } from '../tests/support/accounts.ts';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { CONNECTIONS, load, peakMiB, rssMiB, sequential, somethingRan, type Ceiling } from './http.ts';
import { rated } from './rated.ts';
import { record } from './table.ts';

export const PUBLIC_PAGES = (videoKey: string) => ['/', '/seminaria', `/video-details/${videoKey}`, '/biblioteka'];

/**
 * A server on a fresh database with a signed-in admin, run with the image's memory settings (startServer's
 * default, AS_IN_THE_IMAGE in tests/support/server.ts). The first start prints the one-time admin link at info
 * level; the measured server runs on the same data at `warn`, so no request is logged during the load.
 * `firstStartPeak` is the most memory the first start (migrations, seeding, a new database) ever held.
 */
export async function benchServer(backend: 'pglite' | 'postgres'): Promise<{ server: RunningServer; token: string; videoKey: string; firstStartPeak: number }> {
  const first = await startServer({ LOG_LEVEL: 'info' }, { usePostgres: backend === 'postgres' });
  const firstStartPeak = peakMiB(first.process.pid!);
  const link = /https?:\/\/[^\s"]+\/admin-sign-in\/[A-Za-z0-9_-]+/.exec(first.output())?.[0];
  await first.stop({ keepData: true });
  const server = await startServer({ LOG_LEVEL: 'warn' }, { reuse: first });
  somethingRan();
  if (!link) throw new Error('the first start printed no admin sign-in link');
  const { token } = await firstAdminSignIn({ ...server, output: () => link.replace(/^https?:\/\/[^/]+/, server.url) });
  const videos = (await (await fetch(`${server.url}/api/all-videos`, { headers: { authorization: `Bearer ${token}` } })).json()) as { key?: string; id?: string }[];
  const videoKey = videos[0]?.key ?? videos[0]?.id;
  if (!videoKey) throw new Error('the catalogue has no product to benchmark /video-details with');
  return { server, token, videoKey, firstStartPeak };
}

export async function pagesBench(backend: 'pglite' | 'postgres', ceiling: Ceiling, tag: string) {
  const { server, token, videoKey, firstStartPeak } = await benchServer(backend);
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  try {
    const named = (path: string) => path.replace(videoKey, '{key}');
    await rated(ceiling, 'cached pages', tag, async (rate) => {
      for (const path of PUBLIC_PAGES(videoKey)) {
        for (const lang of ['', 'en']) {
          const url = `${server.url}${path}${lang ? '?lang=en' : ''}`;
          for (const c of CONNECTIONS) rate('cached page', `GET ${named(path)}${lang ? '?lang=en' : ''}`, c, await load(url, c));
        }
      }
    });

    const session = { cookie: `session=${token}` };
    // A query of its own per request: a signed-in page is kept per caller, and this row is the cost of rendering one.
    for (const path of PUBLIC_PAGES(videoKey)) {
      const { serverMedian, ...r } = await sequential((i) => `${server.url}${path}?render=${i}`, 200, session);
      record({ what: 'uncached render: signed in, 1 at a time (p50 = median)', case: `GET ${named(path)}${tag}`, ...r,
        result: serverMedian === undefined ? 'no Server-Timing' : `server time median ${serverMedian.toFixed(1)} ms` });
    }
    // The first request after a change: a public page nobody has asked for yet (its own query), rendered and stored.
    for (const path of PUBLIC_PAGES(videoKey)) {
      const { serverMedian, ...r } = await sequential((i) => `${server.url}${path}?first=${i}`, 200);
      record({ what: 'uncached render: first visitor after a change', case: `GET ${named(path)}${tag}`, ...r,
        result: serverMedian === undefined ? 'no Server-Timing' : `server time median ${serverMedian.toFixed(1)} ms` });
    }
    await rated(ceiling, 'the signed-in page and API reads', tag, async (rate) => {
      for (const c of CONNECTIONS) rate('signed-in page', 'GET / (session cookie)', c, await load(`${server.url}/`, c, session));
      const auth = { authorization: `Bearer ${token}` };
      for (const path of [`/api/videos/${videoKey}`, '/api/articles', '/profile']) {
        for (const c of CONNECTIONS) rate('API read (Bearer)', `GET ${named(path)}`, c, await load(`${server.url}${path}`, c, auth));
      }
    });
    const pid = server.process.pid!;
    record({ what: 'memory after the load run: RSS · peak since start (VmHWM)', case: name, result: `${Math.round(rssMiB(pid))} MiB · ${Math.round(peakMiB(pid))} MiB` });
    record({ what: 'memory: peak of a first start on an empty database (VmHWM)', case: name, result: `${Math.round(firstStartPeak)} MiB` });
  } finally {
    await server.stop();
  }
}
