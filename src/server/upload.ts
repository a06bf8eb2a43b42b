import { DomainError, isDomainError } from '../../modules/shared/kernel/index.ts';
import { json } from './http.ts';
import type { Translate } from '../i18n/index.ts';

/**
 * The bytes of a streamed request body (an upload), refused `media-too-large` for a declared length above `limit`
 * before anything is read, and as soon as more than `limit` arrive (a missing or false Content-Length).
 */
export async function readUpload(request: Request, limit: number): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw new DomainError('media-too-large');
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) throw new DomainError('media-too-large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The 413 of an upload refused for its size. The rest of its body is still on its way: the connection is closed
 * after the answer, so the client does not send its next request behind megabytes the server will never read.
 */
export async function refusingOversize<T>(t: Translate, read: () => Promise<T>): Promise<T | Response> {
  try {
    return await read();
  } catch (error) {
    if (!isDomainError(error, 'media-too-large')) throw error;
    return json({ message: t('media.tooLarge') }, 413, { connection: 'close' });
  }
}
