/**
 * What a file is, from its first bytes only: never from its name or the Content-Type the browser guessed
 * (a renamed executable keeps its own signature, an SVG is text that may carry scripts).
 */
import type { VideoExt } from './variants.ts';

export type Sniffed =
  | { kind: 'image'; format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' }
  | { kind: 'video'; ext: VideoExt }
  | { kind: 'svg' }
  /** HEIC/HEIF (iPhone photos): their HEVC pictures are patent-encumbered, so the bundled libvips cannot read them. */
  | { kind: 'heic' }
  | { kind: 'unknown' };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/** The brands of an ISO base media file's `ftyp` box (major first), or null when the file has none. */
function isoBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const size = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4']);

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', format: 'png' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return { kind: 'image', format: 'gif' };
  const brands = isoBrands(bytes);
  if (brands?.some((b) => b === 'avif' || b === 'avis')) return { kind: 'image', format: 'avif' };
  if (brands?.some((b) => HEIC_BRANDS.has(b))) return { kind: 'heic' };
  if (brands && MP4_BRANDS.has(brands[0]!)) return { kind: 'video', ext: 'mp4' };
  // EBML header whose DocType is webm (Matroska files in general are not what browsers play).
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 4, Math.min(bytes.length, 64)).includes('webm')) return { kind: 'video', ext: 'webm' };
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).toLowerCase();
  if (/^\s*(?:\ufeff)?\s*</.test(head) && head.includes('<svg')) return { kind: 'svg' };
  return { kind: 'unknown' };
}
