import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMedia, pictureSources, type Media } from '../../../modules/media/index.ts';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { executable, heicHead, jpegWithGps, mp4Head, png, pngBomb, svgWithScript, truncatedJpeg, webmHead } from '../../support/images.ts';

let dir: string;
let media: Media;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  media = createMedia({ dir });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const refusal = (p: Promise<unknown>) => p.then(() => 'stored', (e: unknown) => (isDomainError(e) ? e.code : `threw ${String(e)}`));

describe('uploads (media module)', () => {
  it('keeps a phone photo upright, without its EXIF (GPS, camera), as AVIF, WebP and JPEG at every width up to its own', async () => {
    const photo = await jpegWithGps(1600, 1000);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SecretCam');
    const saved = await media.save(photo, 'image');
    // Orientation 6: the 1600 × 1000 sensor picture stands 1000 × 1600.
    expect(saved).toMatchObject({ kind: 'image', width: 1000, height: 1600 });
    expect(saved.path).toMatch(/^\/media\/uploads\/[0-9a-f]{32}-1000x1600$/);
    const sources = pictureSources(saved.path)!;
    expect(sources.srcset).toContain('/320.jpg 320w');
    for (const width of [320, 640, 960, 1000]) {
      for (const ext of ['avif', 'webp', 'jpg']) {
        const file = await media.file(`${saved.path}/${width}.${ext}`);
        expect(file, `${width}.${ext}`).not.toBeNull();
        const meta = await sharp(await readFile(file!.path)).metadata();
        expect(meta.width).toBe(width);
        expect(meta.exif, `${width}.${ext} has no EXIF`).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
      }
    }
    expect(await media.file(`${saved.path}/1280.jpg`)).toBeNull();
  });

  it('takes a video by its signature and keeps it as it is', async () => {
    expect(await media.save(mp4Head(), 'video')).toMatchObject({ kind: 'video', path: expect.stringMatching(/\.mp4$/) });
    const webm = await media.save(webmHead());
    expect(webm.path).toMatch(/\.webm$/);
    expect((await media.file(webm.path))?.type).toBe('video/webm');
  });

  it('refuses what is not a picture, or not a readable one, and stores nothing', async () => {
    expect(await refusal(media.save(executable(), 'image'))).toBe('media-not-image');
    expect(await refusal(media.save(svgWithScript(), 'image'))).toBe('media-svg');
    expect(await refusal(media.save(heicHead(), 'image'))).toBe('media-heic');
    expect(await refusal(media.save(pngBomb(), 'image'))).toBe('media-too-many-pixels');
    expect(await refusal(media.save(await truncatedJpeg(), 'image'))).toBe('media-unreadable');
    expect(await refusal(media.save(await png(100, 100), 'video'))).toBe('media-not-video');
    expect(await refusal(media.save(mp4Head(), 'image'))).toBe('media-not-image');
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });
});
