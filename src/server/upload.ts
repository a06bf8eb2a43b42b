import { DomainError } from '../../modules/shared/kernel/index.ts';

/**
 * The bytes of a streamed request body (an upload), refused `media-too-large` as soon as more than `limit`
 * arrive: a missing or false Content-Length does not get past it (the edge refused a declared one already).
 */
export async function readUpload(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) {
      await request.body.cancel().catch(() => {});
      throw new DomainError('media-too-large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
