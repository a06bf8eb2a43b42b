import { request as httpRequest } from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../../src/server/page-cache/csp.ts';
import { startServer, type RunningServer } from '../support/server.ts';

type Raw = { headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose body arrives exactly as sent (fetch would decode it). */
function raw(url: string, encoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject).end();
  });
}
const decode = (r: Raw) => (r.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(r.body) : zlib.gunzipSync(r.body)).toString('utf8');

describe('a public page in the page store: answered at once, made smaller (body and policy) once it is asked for again', () => {
  let server: RunningServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.stop(); });

  for (const encoding of ['br', 'gzip'] as const) {
    it(`given a page nobody asked for, when it is asked for twice in ${encoding}, then later hits carry a smaller body of the same page`, async () => {
      const url = `${server.url}/treningi?lang=${encoding === 'br' ? 'pl' : 'en'}`;
      const rendered = await raw(url, encoding);
      expect(rendered.headers['x-astro-cache']).toBe('MISS');
      expect(rendered.headers['content-encoding']).toBe(encoding);
      expect(rendered.headers['server-timing']).toMatch(/^render;dur=\d+(\.\d)?$/);

      const firstHit = await raw(url, encoding);
      expect(firstHit.headers['x-astro-cache']).toBe('HIT');
      expect(firstHit.headers['server-timing']).toBeUndefined();
      expect(decode(firstHit)).toEqual(decode(rendered));

      await expect.poll(async () => (await raw(url, encoding)).body.length, { timeout: 10_000 }).toBeLessThan(rendered.body.length);
      const recompressed = await raw(url, encoding);
      expect(recompressed.headers['x-astro-cache']).toBe('HIT');
      expect(recompressed.headers.etag).toEqual(rendered.headers.etag);
      expect(decode(recompressed)).toEqual(decode(rendered));
      // And its policy now lists only the hashes of its own inline scripts and styles.
      const policy = String(recompressed.headers['content-security-policy']);
      const own = inlineHashes(decode(recompressed));
      expect(policy.length).toBeLessThan(String(rendered.headers['content-security-policy']).length);
      expect((policy.match(/'sha256-[^']+'/g) ?? []).filter((h) => !own.has(h))).toEqual([]);
    });
  }
});
