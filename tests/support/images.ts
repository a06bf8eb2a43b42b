/** Pictures and not-pictures for upload tests, made here (sharp draws the real ones): nothing binary is checked in. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A photo as a phone takes it: JPEG with EXIF GPS coordinates, camera model and orientation 6 (shot sideways). */
export async function jpegWithGps(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'SecretCam 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '21/1 0/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 160, b: 120, alpha: 1 } } }).png().toBuffer();
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A valid-looking PNG of a few hundred bytes that declares 60000 × 60000 pixels (3.6 gigapixels): a decompression bomb. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ELF executable's first bytes, as a file renamed to photo.jpg would carry them. */
export function executable(): Buffer {
  const elf = Buffer.alloc(4096, 0x90);
  elf.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00], 0);
  return elf;
}

export const svgWithScript = () => Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');

/** A real JPEG cut in the middle of its picture data. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 1200, height: 800, channels: 3, background: 'gray', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** The first bytes of an iPhone photo (ISO base media, brands heic and mif1). */
export const heicHead = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(1024, 3)]);

/** The first bytes of an MP4 (ISO base media, brand isom) and of a WebM (EBML, DocType webm). */
export const mp4Head = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(1024, 1)]);
export const webmHead = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm', 'ascii'), Buffer.alloc(1024, 2)]);
