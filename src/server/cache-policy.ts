/**
 * How long a browser or a shared cache may keep a file we serve, by what its URL promises (issue 34, item 9). One rule
 * for the build's files, the seed's media, uploads and recordings, so no file is left at `max-age=0` by a default.
 */
import { UPLOADS_URL } from '../../modules/media/index.ts';
import { HLS_URL } from '../../modules/recordings/index.ts';

/** A name that never changes its bytes: a year, and no revalidation on reload. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A name whose bytes may change (a new release's `thumb-trauma.webp`): kept, but asked again each time (ETag, 304). */
export const REVALIDATE = 'no-cache';

/** Astro's build output: every name carries a hash of its content. */
const BUILD_ASSETS = '/_astro/';

/**
 * The Cache-Control of the file at `pathname`:
 * - built assets (`/_astro/…`) and uploads (`/media/uploads/…`, named by content hash): IMMUTABLE;
 * - a recording's segments (`/media/hls/…`): as long, but `private`, never in a shared cache. A version's segment
 *   names are never reused (a new upload is a new version), and each is only reached with a token the recordings
 *   module checks together with the viewer's access; its playlists carry that token, so they are never kept;
 * - everything else (the seed's media in public/, the favicon): REVALIDATE, answered with an ETag.
 */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith(HLS_URL)) return pathname.endsWith('.m3u8') ? 'private, no-store' : 'private, max-age=31536000, immutable';
  if (pathname.startsWith(BUILD_ASSETS) || pathname.startsWith(UPLOADS_URL)) return IMMUTABLE;
  return REVALIDATE;
}

/** A weak ETag from a file's size and time of change: what both static handlers give, so they agree. */
export const etagOf = (size: number, mtimeMs: number) => `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

/** Whether an If-None-Match header names `etag` (a list, weak or strong, or `*`): the answer is then a 304. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
