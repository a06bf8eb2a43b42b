import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { extractText, getDocumentProxy } from 'unpdf';

/** pdf.js takes over (detaches) the bytes it is given: each reading gets its own copy. */
export const open = (pdf: Buffer) => getDocumentProxy(new Uint8Array(pdf));
/** The text a reader sees, whitespace as single spaces (no-break spaces in amounts, line breaks inside wrapped cells). */
export async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await open(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

export const PDFTOPPM = process.env.PDFTOPPM_PATH ?? '/usr/bin/pdftoppm';

/**
 * What a phone's QR reader makes of each page as a PDF viewer shows it: every page rendered by poppler (`pdftoppm`,
 * Debian's poppler-utils, as a printer or viewer would), in grey at 200 dpi, and scanned with jsQR; one code per page
 * at most, pages without one left out.
 */
export async function qrCodesOf(pdf: Buffer): Promise<string[]> {
  if (!existsSync(PDFTOPPM)) throw new Error(`${PDFTOPPM} is missing: install Debian's poppler-utils (npm test does it: scripts/ensure-packages.mjs)`);
  const dir = mkdtempSync(join(tmpdir(), 'gestalt-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const run = spawnSync(PDFTOPPM, ['-r', '200', '-gray', join(dir, 'doc.pdf'), join(dir, 'page')], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftoppm failed (${run.status}): ${run.stderr || run.error?.message}`);
    return readdirSync(dir).filter((f) => f.endsWith('.pgm')).sort().flatMap((file) => {
      const { width, height, pixels } = readPgm(readFileSync(join(dir, file)));
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) rgba.set([pixels[i]!, pixels[i]!, pixels[i]!, 255], i * 4);
      const code = jsQR(rgba, width, height);
      return code ? [code.data] : [];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A binary PGM (P5, 8-bit): the header's three numbers, then one byte a pixel. */
function readPgm(bytes: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('not an 8-bit binary PGM');
  return { width: Number(header[1]), height: Number(header[2]), pixels: bytes.subarray(header[0].length) };
}
