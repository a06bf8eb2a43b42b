/**
 * pdfkit lays out text word by word (fontkit's OpenType shaping) and keeps the runs in a cache of each document's
 * font: every document shaped "Sprzedawca", "Nabywca" and the table's labels anew, a third of a render's CPU time.
 * These caches outlive the document, one per face, so a process shapes a word once.
 *
 * A run is kept only when its glyphs carry exactly the word's own characters (the ToUnicode map that pdfkit writes
 * from them decides what copying or extracting the text gives). fontkit hands out its cached glyph objects, so a run
 * could otherwise carry the characters of another word that reached the same glyph, and a later document would
 * depend on what the process rendered before. pdfkit never changes a cached run: it concatenates runs into new
 * arrays and copies a position before changing it (word spacing).
 *
 * Bounded: a cache that grows past WORDS_PER_FACE words (names and addresses of many buyers) starts again empty.
 */
const WORDS_PER_FACE = 20_000;

type Glyph = { codePoints: number[] };
type Run = { glyphs: Glyph[] };

/** True when the run's glyphs, in order, carry the characters of `text` and nothing else. */
export function runCarriesOwnText(text: string, run: Run): boolean {
  const own: number[] = [];
  for (const char of text) own.push(char.codePointAt(0)!);
  let at = 0;
  for (const glyph of run.glyphs) {
    for (const codePoint of glyph.codePoints) {
      if (own[at] !== codePoint) return false;
      at++;
    }
  }
  return at === own.length;
}

function createFaceCache(): Record<string, Run> {
  let runs = new Map<string, Run>();
  // pdfkit reads `cache[text]` and writes `cache[text] = run`: a record is the interface it expects.
  return new Proxy(Object.create(null) as Record<string, Run>, {
    get: (_, text) => (typeof text === 'string' ? runs.get(text) : undefined),
    set: (_, text, run: Run) => {
      if (typeof text !== 'string' || !runCarriesOwnText(text, run)) return true;
      if (runs.size >= WORDS_PER_FACE) runs = new Map();
      runs.set(text, run);
      return true;
    },
  });
}

const faces = new Map<string, Record<string, Run>>();

type FontInternals = { _font?: { layoutCache?: unknown } };

/**
 * Makes every face that `pdf.font(name)` selects in this document lay out through the process's cache for that name.
 * pdfkit makes a document's font object when the face is first selected, so the hook sits on `font` rather than
 * opening faces ahead (an opened face is embedded even when unused, which would change the file).
 */
export function shareLayouts(pdf: PDFKit.PDFDocument, names: readonly string[]) {
  const select = pdf.font.bind(pdf) as (...args: unknown[]) => PDFKit.PDFDocument;
  const internals = pdf as unknown as FontInternals;
  (pdf as unknown as { font: (...args: unknown[]) => PDFKit.PDFDocument }).font = (...args: unknown[]) => {
    const result = select(...args);
    const name = args[0];
    const font = internals._font;
    if (typeof name === 'string' && names.includes(name) && font) {
      if (!('layoutCache' in font)) throw new Error('pdfkit no longer keeps word layouts in layoutCache: see shared/pdf');
      let cache = faces.get(name);
      if (!cache) faces.set(name, (cache = createFaceCache()));
      font.layoutCache = cache;
    }
    return result;
  };
}
