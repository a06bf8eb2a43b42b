/**
 * A picture's variants, re-encoded by sharp (libvips): every width of variants.ts in AVIF, WebP and JPEG, turned
 * upright by its EXIF orientation. Re-encoding without `withMetadata` writes no EXIF, so no GPS position or camera
 * serial survives. sharp is loaded on the first upload only: a server that never gets one never loads libvips.
 */
import { DomainError } from '../shared/kernel/index.ts';
import { variantWidths, type ImageExt } from './variants.ts';

/** Above this a picture is refused before it is decoded: a small file may declare a huge canvas (a decompression bomb). */
export const MAX_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export type Encoded = { width: number; height: number; files: { width: number; ext: ImageExt; data: Buffer }[] };

export async function encodeVariants(bytes: Uint8Array): Promise<Encoded> {
  const { default: sharp } = await import('sharp');
  // Uploads are rare and never repeat: libvips' operation cache would only hold memory between them.
  sharp.cache(false);
  // failOn 'warning' (sharp's default, said here on purpose): a truncated file fails instead of showing half a picture.
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'warning' });
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new DomainError('media-not-image');
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) throw new DomainError('media-not-image');
  if (!meta.width || !meta.height) throw new DomainError('media-not-image');
  if (meta.width * meta.height > MAX_PIXELS) throw new DomainError('media-too-many-pixels', { max: MAX_PIXELS / 1_000_000 });
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const files: Encoded['files'] = [];
  try {
    for (const w of variantWidths(width)) {
      const resized = input().rotate().resize({ width: w, withoutEnlargement: true });
      const [avif, webp, jpg] = await Promise.all([
        resized.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
        resized.clone().webp({ quality: 78 }).toBuffer(),
        resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      ]);
      files.push({ width: w, ext: 'avif', data: avif }, { width: w, ext: 'webp', data: webp }, { width: w, ext: 'jpg', data: jpg });
    }
  } catch {
    // Whatever libvips could not read to the end (a truncated or corrupt file) is refused whole.
    throw new DomainError('media-unreadable');
  }
  return { width, height, files };
}
