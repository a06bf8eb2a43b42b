/**
 * What every numbered document's PDF shares (invoices, certificates): the embedded DejaVu font, a file whose bytes
 * depend only on what is drawn, QR codes as vector squares, and a footer on every page. A document module draws its
 * own page with these and the Cursor (cursor.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CONTENT_WIDTH, Cursor, FONT, PAGE } from './cursor.ts';
import { shareLayouts } from './layout-cache.ts';

/**
 * The two faces, read once per process from the package's own directory (resolved next to this module, which also
 * holds inside the server bundle in dist/, node_modules sitting beside it), never from the machine's fonts. Parsed
 * once too, by the fontkit pdfkit itself uses (resolved from pdfkit's directory, so always its version): pdfkit takes
 * a parsed font as a source, and parsing DejaVu's tables anew for every document was nine tenths of a render.
 * Each document still makes its own subset of the glyphs it uses.
 */
type ParsedFont = { layout: (...args: never[]) => unknown; _glyphs?: unknown };
let fonts: { regular: ParsedFont; bold: ParsedFont } | null = null;
function dejaVu() {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(bytes: Uint8Array): ParsedFont };
    const face = (file: string) => fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
    fonts = { regular: face('DejaVuSans.ttf'), bold: face('DejaVuSans-Bold.ttf') };
  }
  // fontkit caches glyph objects with the characters of their first use, and the previous document's subset made some
  // with none: reused, they would leave those glyphs out of the text layer (ToUnicode), so copying or extracting the
  // text would lose letters. A fresh glyph cache per document, over the decoded tables, renders as a new font does.
  // Safe without a lock: from here to pdf.end() a render runs synchronously, so two never share the cache.
  for (const font of [fonts.regular, fonts.bold]) {
    if (typeof font._glyphs !== 'object') throw new Error('fontkit no longer keeps its glyphs in _glyphs: see shared/pdf');
    font._glyphs = {};
  }
  return fonts;
}

/** pdfkit keeps the trailer's /ID in `_id` (computed in its constructor, written by `_finalize`). */
function overrideFileId(pdf: PDFKit.PDFDocument, id: Buffer) {
  const internals = pdf as unknown as { _id?: unknown };
  if (!(internals._id instanceof Uint8Array)) throw new Error('pdfkit no longer keeps the file ID in _id: see shared/pdf');
  internals._id = id;
}

export type PdfLanguage = 'pl' | 'en';

/**
 * Renders an A4 document drawn by `draw`. The same inputs give the same bytes: the font is DejaVu Sans from its npm
 * package (subset, embedded), the PDF's dates are `issuedAt` (the document's own instant, never the clock), and the
 * trailer /ID is a digest of `identity` (pdfkit's own is an MD5 of the info dictionary, which would give the Polish
 * and English files of one document the same ID).
 */
export async function renderPdf(
  options: { title: string; language: PdfLanguage; issuedAt: string; identity: unknown },
  draw: (cursor: Cursor) => void,
): Promise<Buffer> {
  const issued = new Date(options.issuedAt);
  if (Number.isNaN(issued.getTime())) throw new RangeError(`not an instant: ${options.issuedAt}`);
  const pdf = new PDFDocument({
    size: 'A4', margin: PAGE.margin, bufferPages: true, lang: options.language === 'pl' ? 'pl-PL' : 'en-GB', displayTitle: true,
    // No default font: pdfkit would otherwise load Helvetica's metrics and write a font the page never uses.
    font: '',
    info: { Title: options.title, Creator: 'Gestalt Online', Producer: 'PDFKit', CreationDate: issued, ModDate: issued },
  });
  const font = dejaVu();
  // A parsed font is a source pdfkit accepts (PDFFontFactory.open), though its types list only bytes and paths.
  pdf.registerFont(FONT.regular, font.regular as unknown as Buffer);
  pdf.registerFont(FONT.bold, font.bold as unknown as Buffer);
  shareLayouts(pdf, [FONT.regular, FONT.bold]);
  overrideFileId(pdf, createHash('sha256').update(JSON.stringify(options.identity)).digest().subarray(0, 16));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(new Cursor(pdf));
  pdf.end();
  return done;
}

/**
 * The link is one byte-mode segment (what qrcode's optimiser ends with for a lower-case URL anyway, without its graph
 * search). The code is drawn as vector squares, each row's dark runs one rectangle, on a white quiet zone of four
 * modules: sharp at any zoom or print size, and about half a PDF's rendering time cheaper than a PNG that pdfkit must
 * decode and compress again (bench/README.md).
 */
const QR_QUIET_ZONE = 4;
export type QrMatrix = { size: number; get(row: number, col: number): number | boolean };

/** The QR code of `url` (error correction M). */
export const qrMatrix = (url: string): QrMatrix =>
  QRCode.create([{ data: Buffer.from(url, 'utf8'), mode: 'byte' }] as unknown as string, { errorCorrectionLevel: 'M' }).modules as unknown as QrMatrix;

/** The code's dark modules as filled rectangles inside a `size`-point square at (x, y), quiet zone included. */
export function drawQr(pdf: PDFKit.PDFDocument, matrix: QrMatrix, x: number, y: number, size: number) {
  const unit = size / (matrix.size + 2 * QR_QUIET_ZONE);
  pdf.save().rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size;) {
      if (!matrix.get(row, col)) { col++; continue; }
      let end = col;
      while (end < matrix.size && matrix.get(row, end)) end++;
      pdf.rect(x + (QR_QUIET_ZONE + col) * unit, y + (QR_QUIET_ZONE + row) * unit, (end - col) * unit, unit);
      col = end;
    }
  }
  pdf.fill('#000000').restore();
}

/** `label(page, pages)` at the foot of every page ("FV/2026/000001 · Page 1 of 2"), drawn once all pages exist. */
export function drawFooters(c: Cursor, label: (page: number, pages: number) => string) {
  const { start, count } = c.pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    c.pdf.switchToPage(i);
    // Below the bottom margin: pdfkit would turn the page for text there unless the margin is lifted for it.
    const margin = c.pdf.page.margins.bottom;
    c.pdf.page.margins.bottom = 0;
    c.put(label(i - start + 1, count), PAGE.margin, PAGE.height - PAGE.margin + 8, CONTENT_WIDTH, { size: 7, align: 'right', color: '#777777' });
    c.pdf.page.margins.bottom = margin;
  }
}

/**
 * User text (names, addresses, reasons) as drawn: control characters (C0, DEL, C1, and the line and paragraph
 * separators) become spaces, so a name cannot start a new line or print a missing glyph; runs of spaces collapse.
 * pdfkit writes the rest as an escaped string, so no character can reach the PDF's syntax.
 */
export const cleanText = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ').replace(/ {2,}/g, ' ').trim();
