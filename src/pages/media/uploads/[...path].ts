import { readFile } from 'node:fs/promises';
import { endpoint } from '../../../server/endpoint.ts';

/**
 * Uploaded pictures and videos under `astro dev`, which has no front server. The production server answers these
 * before Astro (src/server/uploaded-files.ts, with ranges), so this route only ever sees a name that is not there.
 */
const handler = endpoint({
  auth: 'public',
  async handle({ services, context }) {
    const file = await services.media.file(context.url.pathname);
    if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(new Uint8Array(await readFile(file.path)), {
      headers: { 'content-type': file.type, 'cache-control': 'public, max-age=31536000, immutable' },
    });
  },
});

export const GET = handler;
export const HEAD = handler;
