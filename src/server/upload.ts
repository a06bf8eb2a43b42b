import { DomainError, isDomainError } from '../../modules/shared/kernel/index.ts';
import { json } from './http.ts';
import type { Translate } from '../i18n/index.ts';

/**
 * How much of a refused upload's body is still read, and dropped, before the refusal is answered. A client is still
 * sending when the server has decided: were the socket closed under it, its next write would fail and it would report
 * a network error (EPIPE) instead of reading the 413. Up to this many bytes it finishes sending and reads the answer;
 * beyond it (a body no form sends) the connection is cut after the answer, as before.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;

/** Reads and drops what is left of a body, up to DRAIN_BYTES in all. */
async function drain(chunks: AsyncIterator<Uint8Array>, read: number) {
  for (let size = read; size <= DRAIN_BYTES;) {
    const next = await chunks.next();
    if (next.done) return;
    size += next.value.length;
  }
  await chunks.return?.();
}

/**
 * The bytes of a streamed request body (an upload), refused `media-too-large` for a declared length above `limit`
 * without keeping any of it, and as soon as more than `limit` arrive (a missing or false Content-Length).
 */
export async function readUpload(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (!request.body) {
    if (declared > limit) throw new DomainError('media-too-large');
    return new Uint8Array();
  }
  const body = (request.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  if (declared > limit) {
    if (declared <= DRAIN_BYTES) await drain(body, 0);
    else await body.return?.();
    throw new DomainError('media-too-large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await body.next(); !next.done; next = await body.next()) {
    size += next.value.length;
    if (size > limit) {
      await drain(body, size);
      throw new DomainError('media-too-large');
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * The 413 of an upload refused for its size. The connection is closed after the answer: what a body beyond
 * DRAIN_BYTES still sends is never read, and the client's next request must not queue behind it.
 */
export async function refusingOversize<T>(t: Translate, read: () => Promise<T>): Promise<T | Response> {
  try {
    return await read();
  } catch (error) {
    if (!isDomainError(error, 'media-too-large')) throw error;
    return json({ message: t('media.tooLarge') }, 413, { connection: 'close' });
  }
}
