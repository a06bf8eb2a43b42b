import type { Readable } from 'node:stream';

/** A stored object opened for reading: whole (200), a byte range of it (206), or a range outside it (416, no body). */
export type Opened =
  | { status: 200 | 206; size: number; start: number; end: number; body: Readable | null }
  | { status: 416; size: number };

/**
 * Where renditions and uploaded sources live: a folder under DATA_DIR, or an S3-compatible bucket (private: every
 * byte reaches a viewer through our checks, or through a presigned URL of at most a minute that we hand out after them).
 * Keys are relative paths of letters, digits, `.`, `_`, `-` and `/`, never `..`: serving builds them, never a request.
 */
export type Storage = {
  kind: 'local' | 's3';
  /** Stores a local file under `key`, moving it when `move` (the local store renames it; S3 uploads it, then deletes it). */
  putFile(key: string, path: string, opts?: { move?: boolean }): Promise<void>;
  putText(key: string, text: string, contentType: string): Promise<void>;
  /** The object's text, null when there is none. */
  readText(key: string): Promise<string | null>;
  /** Opens an object for a response; `range` is the request's Range header. `head`: no body. Null when there is none. */
  open(key: string, range: string | null, head?: boolean): Promise<Opened | null>;
  /** A local file holding the object: the local store's own path, or a download to `scratch`. */
  localCopy(key: string, scratch: string): Promise<string>;
  /** A URL that fetches the object for `seconds` without credentials (S3 only; null for the local store). */
  presignedUrl(key: string, seconds: number): Promise<string | null>;
  /** Deletes every object whose key starts with `prefix` (a folder, ending in `/`). */
  deletePrefix(prefix: string): Promise<void>;
};

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/;

/** Refuses a key that could leave its folder (`..`, an absolute path, a backslash): a bug, never a viewer's input. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of an object of `size` bytes; null when absent, 'unsatisfiable' when out of range. */
export function byteRange(header: string | null, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'unsatisfiable';
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}
