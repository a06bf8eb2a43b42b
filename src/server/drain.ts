/**
 * How much of a refused body is still read, and dropped, before the refusal is answered. A client is still sending
 * when the server has decided: were its body left unread, its next write would fail on a closed socket (EPIPE) or
 * stall until the request timeout, and it would report a network error instead of reading the 4xx. Up to this many
 * bytes it finishes sending and reads the answer, as behind nginx's lingering close; beyond it (a body no form or
 * upload sends) reading stops. The same bound serves uploads (src/server/upload.ts) and the edge's JSON and
 * form bodies (src/server/edge.ts): it is about what a client may be in the middle of sending, not what a route takes.
 */
export const DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops what is left of a refused body, `read` bytes of which were already read, up to DRAIN_BYTES in all;
 * a body `declared` longer than that is not read at all. What is left then is cancelled.
 */
export async function drain(chunks: AsyncIterator<Uint8Array>, { read = 0, declared = 0 }: { read?: number; declared?: number } = {}) {
  for (let size = read; size <= DRAIN_BYTES && declared <= DRAIN_BYTES;) {
    const next = await chunks.next();
    if (next.done) return;
    size += next.value.length;
  }
  await chunks.return?.();
}

/** The chunks of a request's body, one at a time. */
export const chunksOf = (body: ReadableStream<Uint8Array>) => (body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
