import { LRUCache } from 'lru-cache';
import { byteRange, type Storage } from './storage/index.ts';

/** Bytes of segments kept at most (the process's memory stays flat however many viewers ask). */
export const SEGMENT_CACHE_BYTES = 64 * 2 ** 20;
/** A file larger than this is streamed, never kept (a 4-second 1080p segment is about 2.5 MB). */
const LARGEST_KEPT = 8 * 2 ** 20;

export type Bytes = { status: 200 | 206; size: number; start: number; end: number; bytes: Buffer } | { status: 416; size: number };

/**
 * Segments of the versions being watched, kept in memory: a file under a version's path never changes once that
 * version plays (a new upload is a new version), so the bytes read once serve every viewer after. Streaming each
 * request from disk cost five times the CPU of sending bytes held in memory (bench/README.md, `hls`): an open, a
 * stat and a read per 64 KB through libuv's four threads. Reads of the same file at once share one.
 * Least recently used go first; `null` means "not kept: open it as usual" (too large, or gone).
 */
export function segmentCache(storage: Pick<Storage, 'open'>, maxBytes = SEGMENT_CACHE_BYTES) {
  const kept = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (b) => Math.max(1, b.length) });
  const reading = new Map<string, Promise<Buffer | null>>();

  async function read(key: string): Promise<Buffer | null> {
    const opened = await storage.open(key, null);
    if (!opened || opened.status === 416 || !opened.body) return opened?.status === 200 && opened.size === 0 ? Buffer.alloc(0) : null;
    if (opened.size > LARGEST_KEPT) {
      opened.body.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    kept.set(key, bytes);
    return bytes;
  }

  return {
    /** The object's bytes for this request (a range of them when asked), or null: not kept, the caller streams it. */
    async bytes(key: string, range: string | null): Promise<Bytes | null> {
      let bytes = kept.get(key) ?? null;
      if (!bytes) {
        let pending = reading.get(key);
        if (!pending) {
          pending = read(key).finally(() => reading.delete(key));
          reading.set(key, pending);
        }
        bytes = await pending;
        if (!bytes) return null;
      }
      const r = byteRange(range, bytes.length);
      if (r === 'unsatisfiable') return { status: 416, size: bytes.length };
      return r ? { status: 206, size: bytes.length, start: r.start, end: r.end, bytes: bytes.subarray(r.start, r.end + 1) }
        : { status: 200, size: bytes.length, start: 0, end: bytes.length - 1, bytes };
    },
  };
}
