import jsQR from 'jsqr';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';

/** pdf.js takes over (detaches) the bytes it is given: each reading gets its own copy. */
export const open = (pdf: Buffer) => getDocumentProxy(new Uint8Array(pdf));
/** The text a reader sees, whitespace as single spaces (no-break spaces in amounts, line breaks inside wrapped cells). */
export async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await open(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Every image on every page, as RGBA, and what a QR reader makes of it. */
export async function qrCodesOf(pdf: Buffer): Promise<string[]> {
  const proxy = await open(pdf);
  const found: string[] = [];
  for (let page = 1; page <= proxy.numPages; page++) {
    for (const image of await extractImages(proxy, page)) {
      const rgba = new Uint8ClampedArray(image.width * image.height * 4);
      for (let i = 0; i < image.width * image.height; i++) {
        const px = image.data.subarray(i * image.channels, (i + 1) * image.channels);
        rgba.set(image.channels === 1 ? [px[0]!, px[0]!, px[0]!, 255] : [px[0]!, px[1]!, px[2]!, image.channels === 4 ? px[3]! : 255], i * 4);
      }
      const code = jsQR(rgba, image.width, image.height);
      found.push(code ? code.data : '(an image that is no QR code)');
    }
  }
  return found;
}
