import { DomainError, isDomainError } from '../../modules/shared/kernel/index.ts';
import { chunksOf, drain } from './drain.ts';
import { json } from './http.ts';
import type { Translate } from '../i18n/index.ts';

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
  const body = chunksOf(request.body);
  if (declared > limit) {
    await drain(body, { declared });
    throw new DomainError('media-too-large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await body.next(); !next.done; next = await body.next()) {
    size += next.value.length;
    if (size > limit) {
      await drain(body, { read: size });
      throw new DomainError('media-too-large');
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * The 413 of an upload refused for its size. The connection is closed after the answer: what a body beyond drain.ts's
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
