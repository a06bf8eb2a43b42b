/**
 * Content encodings: which one a client gets, and compressing bodies once (cached pages, at fill; static
 * files, at build: scripts/precompress.mjs) or per answer (everything else Astro renders).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { keepAstroCookies } from '../astro-internals.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** HTML, JSON, JavaScript, CSS, SVG and plain text: what gains from compression. Media never does. */
const COMPRESSIBLE = /^(text\/(html|css|plain|javascript|xml)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)\b/i;
/** Smaller bodies fit one packet anyway: compressing them costs more than it saves. */
const MIN_BYTES = 1024;

const isCompressible = (contentType: string | null | undefined) => !!contentType && COMPRESSIBLE.test(contentType);

/** Brotli when the client takes it, else gzip, else none (`q=0` refuses a coding). */
export function negotiate(acceptEncoding: string | string[] | null | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  if (header === negotiated.header) return negotiated.encoding;
  negotiated.encoding = negotiateAnew(header);
  negotiated.header = header;
  return negotiated.encoding;
}

/** The last header read and its answer: the browsers of one site's visitors send a few headers, byte for byte. */
const negotiated: { header: string | undefined; encoding: Encoding } = { header: undefined, encoding: 'identity' };

function negotiateAnew(header: string): Encoding {
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : 'identity';
}

/** A brotli window no larger than the body (not the default 4 MB): the same output, a fraction of the encoder's memory. */
const windowFor = (body: Buffer) => Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1))));

/**
 * Every encoding of a body stored once and served many times: worth the slowest, smallest setting. Brotli 11 is slow
 * (in the thread pool, in the background, once per page asked for again) but smaller than brotli 9: every answer after
 * that is cheaper to send and to read (figures: bench/README.md, "Figures behind choices in the code").
 */
export async function compressAll(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [b, g] = await Promise.all([
    brotli(body, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowFor(body),
    } }),
    gzip(body, { level: 9 }),
  ]);
  return { identity: body, br: ownMemory(b), gzip: ownMemory(g) };
}

/**
 * One answer's body, at a fast setting: brotli 3, barely larger than brotli 4 and less than
 * half its time (bench/README.md). On the event loop rather
 * than in the thread pool: each pool thread doing zlib work keeps a malloc arena of its own, which made
 * tens of megabytes of the server's memory.
 */
export function compressOnce(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  return ownMemory(encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.constants.BROTLI_PARAM_LGWIN]: windowFor(body),
    } })
    : zlib.gzipSync(body, { level: 6 }));
}

/**
 * zlib's output is a slice of its 64 KB output chunk: a small compressed page kept in the page store held the
 * whole chunk, so the store held several times the memory its budget counts (bench/README.md, "Memory"). A copy in memory of its own frees the chunk;
 * not from Buffer's shared pool either, whose 64 KB slabs a kept small copy would pin the same way.
 */
function ownMemory(b: Buffer): Buffer {
  if (b.byteLength === b.buffer.byteLength) return b;
  const own = Buffer.allocUnsafeSlow(b.byteLength);
  b.copy(own);
  return own;
}

/** A Buffer as a Response body (Node's Buffers are never over shared memory here). */
export const asBody = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** Adds `Accept-Encoding` to a Vary header value. */
export function varyWithEncoding(vary: string | null): string {
  const list = (vary ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return list.some((h) => h.toLowerCase() === 'accept-encoding') ? list.join(', ') : [...list, 'Accept-Encoding'].join(', ');
}

/**
 * The response compressed for a client accepting `encoding`, when it is worth it: a compressible type, no
 * encoding yet, a whole body (never a range: recordings are served in ranges) of at least 1 KB.
 */
export async function compressResponse(response: Response, encoding: Encoding, method: string): Promise<Response> {
  const headers = response.headers;
  if (!response.body || method === 'HEAD' || !isCompressible(headers.get('content-type'))) return response;
  if (headers.has('content-encoding') || headers.has('content-range') || response.status === 206) return response;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return response;
  const out = (body: BodyInit | null, extra: Record<string, string>) => {
    const copy = new Response(body, { status: response.status, statusText: response.statusText, headers });
    copy.headers.set('vary', varyWithEncoding(headers.get('vary')));
    for (const [k, v] of Object.entries(extra)) copy.headers.set(k, v);
    copy.headers.delete('content-length');
    keepAstroCookies(response, copy);
    return copy;
  };
  const body = Buffer.from(await response.arrayBuffer());
  if (encoding === 'identity' || body.length < MIN_BYTES) return out(asBody(body), {});
  return out(asBody(compressOnce(body, encoding)), { 'content-encoding': encoding });
}
