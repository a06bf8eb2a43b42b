import { endpoint } from '../../../server/endpoint.ts';
import { toResponse } from '../../../server/hls-files.ts';

/**
 * HLS playlists and segments under `astro dev`, which has no front server. The production server answers these before
 * Astro (src/server/hls-files.ts); both ask the recordings module, which checks the token and the viewer's access.
 */
const handler = endpoint({
  auth: 'public',
  async handle({ services, context }) {
    const head = context.request.method === 'HEAD';
    const served = await services.recordings.serve(context.url.pathname, context.url.searchParams.get('t'), context.request.headers.get('range'), head);
    return toResponse(served, head, context.url.pathname);
  },
});

export const GET = handler;
export const HEAD = handler;
