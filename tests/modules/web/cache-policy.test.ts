import { describe, expect, it } from 'vitest';
import { cacheControlFor, etagOf, IMMUTABLE, matchesEtag, REVALIDATE } from '../../../src/server/cache-policy.ts';

/** Issue 34, item 9: how long each file we serve may be kept, by what its URL promises. */
describe('the cache rule for served files', () => {
  it('given a hashed build asset or an upload named by its content, when it is served, then it is kept a year without revalidation', () => {
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const path of ['/_astro/client.B3x9k2.js', '/_astro/Layout.Cq1.css', '/_astro/hero.Df8a.webp', '/media/uploads/3f9a0c1d-640.avif', '/media/uploads/9b2e.mp4']) {
      expect(cacheControlFor(path), path).toBe(IMMUTABLE);
    }
  });

  it('given a file whose name a new release may reuse (the seed\'s media, the favicon), when it is served, then it is revalidated each time', () => {
    expect(REVALIDATE).toBe('no-cache');
    for (const path of ['/media/thumb-trauma.webp', '/media/preview-breath.webm', '/media/avatar-ewa.svg', '/favicon.svg', '/og-image.png']) {
      expect(cacheControlFor(path), path).toBe(REVALIDATE);
    }
  });

  it('given a recording, when a segment is served, then only the viewer\'s browser keeps it, and its playlists (which carry the token) never', () => {
    expect(cacheControlFor('/media/hls/trauma/3/720p/seg_00004.m4s')).toBe('private, max-age=31536000, immutable');
    expect(cacheControlFor('/media/hls/trauma/3/720p/init_0.mp4')).toBe('private, max-age=31536000, immutable');
    expect(cacheControlFor('/media/hls/trauma/3/master.m3u8')).toBe('private, no-store');
    expect(cacheControlFor('/media/hls/trauma/3/720p/playlist.m3u8')).toBe('private, no-store');
  });

  it('given a file\'s ETag, when the browser sends it back (alone, in a list, strong or weak, or *), then it matches; another does not', () => {
    const etag = etagOf(6388, 1_765_000_000_123.7);
    expect(etag).toBe(`W/"18f4-${Math.floor(1_765_000_000_123.7).toString(16)}"`);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"x", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(etag.replace('W/', ''), etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag(etagOf(6389, 1_765_000_000_123), etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
