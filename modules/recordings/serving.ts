import type { Clock } from '../shared/kernel/index.ts';
import type { RecordingsPorts } from './ports.ts';
import { segmentCache, type Bytes } from './segment-cache.ts';
import type { Opened, Storage } from './storage/index.ts';
import type { hlsTokens } from './tokens.ts';

/** Where viewers fetch recordings: `/media/hls/{productKey}/{version}/master.m3u8?t=…`, and below it each variant. */
export const HLS_URL = '/media/hls/';

/** Presigned URLs for segments in S3 work this long at most (and never past the viewer's token). */
export const PRESIGNED_SECONDS = 60;

const PRODUCT_KEY = /^[a-z0-9][a-z0-9-]{0,120}$/;
const PATH = /^\/media\/hls\/([^/]+)\/(\d{1,9})\/(?:(master\.m3u8)|(\d{2,4}p|audio)\/(playlist\.m3u8|init(?:_\d{1,2})?\.mp4|seg_\d{5,6}\.m4s))$/;

/** The storage folder of one version of a product's renditions. */
export const versionPrefix = (productKey: string, version: number) => `hls/${productKey}/${version}/`;

/** The one path shape we serve, parsed; anything else (a guessed storage path, `..`, a source) is not ours to serve. */
export function parseHlsPath(pathname: string): { productKey: string; version: number; file: string; kind: 'playlist' | 'segment' } | null {
  const m = PATH.exec(pathname);
  if (!m || !PRODUCT_KEY.test(m[1]!)) return null;
  const file = m[3] ?? `${m[4]}/${m[5]}`;
  return { productKey: m[1]!, version: Number(m[2]), file, kind: file.endsWith('.m3u8') ? 'playlist' : 'segment' };
}

/**
 * A playlist as a viewer gets it: every URI (variant playlists, the init segment, each segment) carries the token, as
 * PeerTube does for private videos, so the player needs no help to ask for the next file and no file goes out without it.
 */
export function withToken(m3u8: string, token: string): string {
  const q = `t=${encodeURIComponent(token)}`;
  return m3u8.split('\n').map((line) => {
    const trimmed = line.trim();
    if (trimmed === '') return line;
    if (trimmed.startsWith('#')) return trimmed.replace(/URI="([^"?]+)"/g, (_all, uri: string) => `URI="${uri}?${q}"`);
    return `${trimmed}?${q}`;
  }).join('\n');
}

export type Served =
  | { kind: 'refused'; status: 403 | 404 }
  | { kind: 'playlist'; body: string }
  | { kind: 'file'; opened: Opened; contentType: string }
  /** A segment's bytes held in memory (segment-cache.ts), written whole. */
  | { kind: 'bytes'; held: Bytes; contentType: string }
  | { kind: 'redirect'; location: string };

const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', mp4: 'video/mp4', m4s: 'video/iso.segment' };
export const contentTypeOf = (file: string) => TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * Answers one HLS request: the token must be ours, for this product and version, unexpired, and its viewer must still
 * have access now (purchases decides: a refund, a withdrawal or the end of the window closes it at once). Then the
 * playlist with every URI tokened, or the segment (streamed, or from S3 a redirect to a presigned URL when asked).
 */
export function hlsServing(deps: {
  storage: Storage; tokens: ReturnType<typeof hlsTokens>; ports: RecordingsPorts; clock: Clock; redirectSegments: boolean; cacheBytes?: number;
}) {
  const cache = segmentCache(deps.storage, deps.cacheBytes);
  return async function serve(pathname: string, token: string | null, range: string | null, head = false): Promise<Served> {
    const path = parseHlsPath(pathname);
    if (!path) return { kind: 'refused', status: 404 };
    if (!token) return { kind: 'refused', status: 403 };
    const grant = deps.tokens.verify(token, path.productKey);
    const now = deps.clock();
    if (!grant || grant.version !== path.version || grant.expires * 1000 <= now.getTime()) return { kind: 'refused', status: 403 };
    const until = await deps.ports.accessUntil(grant.userId, path.productKey);
    if (!until || until <= now) return { kind: 'refused', status: 403 };
    const key = versionPrefix(path.productKey, path.version) + path.file;
    if (path.kind === 'playlist') {
      const text = await deps.storage.readText(key);
      return text === null ? { kind: 'refused', status: 404 } : { kind: 'playlist', body: withToken(text, token) };
    }
    if (deps.redirectSegments && deps.storage.kind === 's3') {
      const seconds = Math.min(PRESIGNED_SECONDS, grant.expires - Math.floor(now.getTime() / 1000));
      const location = await deps.storage.presignedUrl(key, seconds);
      if (location) return { kind: 'redirect', location };
    }
    const held = head ? null : await cache.bytes(key, range);
    if (held) return { kind: 'bytes', held, contentType: contentTypeOf(path.file) };
    const opened = await deps.storage.open(key, range, head);
    return opened ? { kind: 'file', opened, contentType: contentTypeOf(path.file) } : { kind: 'refused', status: 404 };
  };
}
