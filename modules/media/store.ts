/**
 * Uploaded files under one directory (DATA_DIR/uploads), each named by the hash of what was uploaded: a name
 * never points at other bytes, so browsers and proxies may keep them for a year. A picture is a folder of its
 * variants, written whole to a temporary folder and renamed into place: a refused or failed upload leaves nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '../shared/kernel/index.ts';
import { encodeVariants } from './encode.ts';
import { sniff } from './sniff.ts';
import { IMAGE_FORMATS, imagePath, uploadedImage, VIDEO_TYPES, videoPath, type VideoExt } from './variants.ts';

/** The largest upload, picture or video: a preview clip of a few seconds fits easily. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type UploadKind = 'image' | 'video';
export type Uploaded = { path: string; kind: UploadKind; width?: number; height?: number };

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);
const exists = (path: string) => stat(path).then(() => true, () => false);

/** Puts what `fill` writes into a fresh temporary path at `target`; another upload of the same bytes may have got there first. */
async function atomically(root: string, target: string, fill: (tmp: string) => Promise<void>) {
  if (await exists(target)) return;
  const tmp = join(root, `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    await fill(tmp);
    await rename(tmp, target).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await exists(target))) throw error;
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

export function uploadStore(root: string) {
  return {
    /**
     * Keeps an upload when its content is a picture (JPEG, PNG, WebP, AVIF, GIF) or a preview video (MP4, WebM),
     * and `expected` (when given) is its kind. Refuses `media-empty`, `media-svg`, `media-heic`, `media-not-image`,
     * `media-wrong-kind`, `media-too-many-pixels`, `media-unreadable`; answers the site path to store.
     */
    async save(bytes: Uint8Array, expected?: UploadKind): Promise<Uploaded> {
      if (bytes.length === 0) throw new DomainError('media-empty');
      const found = sniff(bytes);
      if (found.kind === 'svg') throw new DomainError('media-svg');
      if (found.kind === 'heic') throw new DomainError('media-heic');
      if (found.kind === 'unknown') throw new DomainError(expected === 'video' ? 'media-not-video' : 'media-not-image');
      if (expected && found.kind !== expected) throw new DomainError(expected === 'video' ? 'media-not-video' : 'media-not-image');
      await mkdir(root, { recursive: true });
      const hash = hashOf(bytes);
      if (found.kind === 'video') {
        const path = videoPath(hash, found.ext);
        await atomically(root, join(root, `${hash}.${found.ext}`), (tmp) => writeFile(tmp, bytes));
        return { path, kind: 'video' };
      }
      const encoded = await encodeVariants(bytes);
      const path = imagePath(hash, encoded.width, encoded.height);
      await atomically(root, join(root, path.slice(path.lastIndexOf('/') + 1)), async (tmp) => {
        await mkdir(tmp);
        for (const f of encoded.files) await writeFile(join(tmp, `${f.width}.${f.ext}`), f.data);
      });
      return { path, kind: 'image', width: encoded.width, height: encoded.height };
    },

    /**
     * The file a URL under /media/uploads/ names and its type, or null: a variant (`<name>/<width>.<ext>`), the
     * picture itself (its largest JPEG, for places that show a plain `<img>`), or a video. Only names this store
     * writes match, so no URL reaches outside the folder.
     */
    async file(url: string): Promise<{ path: string; type: string } | null> {
      const variant = /^(\/media\/uploads\/[0-9a-f]{32}-\d+x\d+)(?:\/(\d+)\.(avif|webp|jpg))?$/.exec(url);
      if (variant) {
        const image = uploadedImage(variant[1]);
        if (!image) return null;
        const width = variant[2] ? Number(variant[2]) : image.widths[image.widths.length - 1]!;
        const ext = (variant[3] ?? 'jpg') as 'avif' | 'webp' | 'jpg';
        if (!image.widths.includes(width)) return null;
        const path = join(root, image.path.slice(image.path.lastIndexOf('/') + 1), `${width}.${ext}`);
        return (await exists(path)) ? { path, type: IMAGE_FORMATS.find((f) => f.ext === ext)!.type } : null;
      }
      const video = /^\/media\/uploads\/([0-9a-f]{32})\.(mp4|webm)$/.exec(url);
      if (!video) return null;
      const path = join(root, `${video[1]}.${video[2]}`);
      return (await exists(path)) ? { path, type: VIDEO_TYPES[video[2] as VideoExt] } : null;
    },
  };
}
