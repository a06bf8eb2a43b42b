import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { segmentCache } from '../../../modules/recordings/segment-cache.ts';
import type { Opened } from '../../../modules/recordings/index.ts';

/** A store of named byte strings that counts how often each is opened. */
function store(files: Record<string, Buffer>) {
  const opens: string[] = [];
  return {
    opens,
    async open(key: string): Promise<Opened | null> {
      opens.push(key);
      const b = files[key];
      if (!b) return null;
      await new Promise((r) => setTimeout(r, 5));
      return { status: 200, size: b.length, start: 0, end: b.length - 1, body: Readable.from([b.subarray(0, 3), b.subarray(3)]) };
    },
  };
}

describe('segment cache: bytes read once serve every viewer after, within a memory bound', () => {
  it('reads a file once for requests at once and after, and answers ranges and 416 from what it keeps', async () => {
    const s = store({ a: Buffer.from('0123456789') });
    const cache = segmentCache(s, 1000);
    const [one, two] = await Promise.all([cache.bytes('a', null), cache.bytes('a', null)]);
    expect(one).toEqual({ status: 200, size: 10, start: 0, end: 9, bytes: Buffer.from('0123456789') });
    expect(two).toEqual(one);
    expect(await cache.bytes('a', 'bytes=2-4')).toEqual({ status: 206, size: 10, start: 2, end: 4, bytes: Buffer.from('234') });
    expect(await cache.bytes('a', 'bytes=20-')).toEqual({ status: 416, size: 10 });
    expect(s.opens).toEqual(['a']);
  });

  it('lets the least recently used go beyond its bound, and keeps nothing of a missing file', async () => {
    const s = store({ a: Buffer.alloc(60, 1), b: Buffer.alloc(60, 2) });
    const cache = segmentCache(s, 100);
    await cache.bytes('a', null);
    await cache.bytes('b', null);
    await cache.bytes('b', null);
    await cache.bytes('a', null);
    expect(s.opens).toEqual(['a', 'b', 'a']);
    expect(await cache.bytes('gone', null)).toBeNull();
    expect(await cache.bytes('gone', null)).toBeNull();
    expect(s.opens.filter((k) => k === 'gone')).toHaveLength(2);
  });

  it('keeps no file over 8 MiB: the caller streams it', async () => {
    let destroyed = false;
    const big = { async open(): Promise<Opened> {
      const body = new Readable({ read() {} });
      body.on('close', () => { destroyed = true; });
      return { status: 200, size: 9 * 2 ** 20, start: 0, end: 9 * 2 ** 20 - 1, body };
    } };
    expect(await segmentCache(big).bytes('big', null)).toBeNull();
    await new Promise((r) => setImmediate(r));
    expect(destroyed).toBe(true);
  });
});
