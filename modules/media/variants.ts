/**
 * Where an uploaded picture's variants live, said once for the pages (which build `srcset` from the path alone,
 * without asking the disk) and for the store that writes them. Browser-safe: islands import it too.
 */

/** The URL prefix of every uploaded file; the path stored in a product or facilitator starts with it. */
export const UPLOADS_URL = '/media/uploads/';
/** The widths a picture is encoded at, never above its own width (its own width is the largest when smaller than 1920). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The formats of every width, best first: a browser takes the first `<source>` it can show, `<img>` falls back to JPEG. */
export const IMAGE_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type ImageExt = (typeof IMAGE_FORMATS)[number]['ext'];
export const VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;
export type VideoExt = keyof typeof VIDEO_TYPES;

/** An uploaded picture's path: the content hash and the picture's size (after its orientation was applied). */
const IMAGE_PATH = /^\/media\/uploads\/([0-9a-f]{32})-([1-9]\d{0,4})x([1-9]\d{0,4})$/;

export type UploadedImage = { path: string; width: number; height: number; widths: number[] };

export const imagePath = (hash: string, width: number, height: number) => `${UPLOADS_URL}${hash}-${width}x${height}`;
export const videoPath = (hash: string, ext: VideoExt) => `${UPLOADS_URL}${hash}.${ext}`;

/** The widths a picture `width` pixels wide is kept at, ascending. */
export function variantWidths(width: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  return width <= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]! ? [...below, width] : below;
}

/** The picture a stored path names, or null for anything else (an old static file under /media, a video). */
export function uploadedImage(path: string | null | undefined): UploadedImage | null {
  const m = path ? IMAGE_PATH.exec(path) : null;
  if (!m) return null;
  const width = Number(m[2]);
  const height = Number(m[3]);
  return { path: path!, width, height, widths: variantWidths(width) };
}

/** The URL of one variant. */
export const variantUrl = (image: UploadedImage, width: number, ext: ImageExt) => `${image.path}/${width}.${ext}`;

/** `srcset` of one format: every kept width. */
export const srcsetOf = (image: UploadedImage, ext: ImageExt) => image.widths.map((w) => `${variantUrl(image, w, ext)} ${w}w`).join(', ');

/**
 * What `<picture>` needs for a path: AVIF and WebP sources and a JPEG fallback with its size (no layout shift),
 * the fallback being the smallest width at least `fallbackWidth` wide. Null when the path is not an upload.
 */
export function pictureSources(path: string | null | undefined, fallbackWidth = 640) {
  const image = uploadedImage(path);
  if (!image) return null;
  const fallback = image.widths.find((w) => w >= fallbackWidth) ?? image.widths[image.widths.length - 1]!;
  return {
    width: image.width,
    height: image.height,
    sources: IMAGE_FORMATS.slice(0, 2).map((f) => ({ type: f.type, srcset: srcsetOf(image, f.ext) })),
    src: variantUrl(image, fallback, 'jpg'),
    srcset: srcsetOf(image, 'jpg'),
  };
}
