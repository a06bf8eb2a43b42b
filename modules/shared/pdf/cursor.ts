/**
 * The drawing primitives of the documents' PDFs (invoices, certificates): a cursor that moves down the page and starts a new page when
 * the next block would not fit, and a table whose rows grow to their tallest cell (a long name wraps inside its
 * column, never over the next one or off the page).
 */
export const PAGE = { margin: 40, width: 595.28, height: 841.89 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Room kept free at the foot of every page for its footer (number and page count). */
const FOOTER_ROOM = 24;

export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;
type Weight = keyof typeof FONT;

export type TextStyle = { size: number; weight?: Weight; align?: 'left' | 'right' | 'center'; color?: string };
export type Column = { label: string; width: number; align?: 'left' | 'right' | 'center' };

const CELL_PAD = 3;
const LINE_GAP = 1;

export class Cursor {
  y: number = PAGE.margin;
  readonly pdf: PDFKit.PDFDocument;
  constructor(pdf: PDFKit.PDFDocument) {
    this.pdf = pdf;
  }

  private style({ size, weight = 'regular', color = '#000000' }: TextStyle) {
    this.pdf.font(FONT[weight]).fontSize(size).fillColor(color);
  }

  /** The height `text` takes in a box `width` wide. */
  measure(text: string, width: number, style: TextStyle): number {
    this.style(style);
    return this.pdf.heightOfString(text, { width, lineGap: LINE_GAP });
  }

  /**
   * Draws `text` at (x, y) wrapped to `width`, returning its height (`known` when the caller measured it already:
   * laying out text is most of a render); never moves the cursor nor turns the page.
   */
  put(text: string, x: number, y: number, width: number, style: TextStyle, known?: number): number {
    const height = known ?? this.measure(text, width, style);
    if (known !== undefined) this.style(style);
    this.pdf.text(text, x, y, { width, align: style.align ?? 'left', lineGap: LINE_GAP, lineBreak: true });
    return height;
  }

  /** Turns the page when `height` more does not fit above the footer. */
  room(height: number) {
    if (this.y + height > PAGE.height - PAGE.margin - FOOTER_ROOM) {
      this.pdf.addPage();
      this.y = PAGE.margin;
    }
  }

  /** A paragraph across the content width (or `width` from `x`), the cursor moved below it. */
  line(text: string, style: TextStyle, gap = 2, x: number = PAGE.margin, width: number = CONTENT_WIDTH) {
    const height = this.measure(text, width, style);
    this.room(height);
    this.put(text, x, this.y, width, style, height);
    this.y += height + gap;
  }

  gap(points: number) {
    this.y += points;
  }

  /** A table from `x`: a shaded header row (repeated on a new page), then one row per entry, the last ones bold. */
  table(columns: Column[], rows: string[][], options: { x?: number; size?: number; boldRows?: number } = {}) {
    const { x = PAGE.margin, size = 8, boldRows = 0 } = options;
    const measured = (cells: string[], style: TextStyle) => {
      const heights = cells.map((cell, i) => this.measure(cell, columns[i]!.width - 2 * CELL_PAD, style));
      return { cells, style, heights, height: Math.max(...heights) + 2 * CELL_PAD };
    };
    const head = measured(columns.map((c) => c.label), { size: size - 0.5, weight: 'bold' });
    const body = rows.map((cells, index) => measured(cells, { size, weight: index >= rows.length - boldRows ? 'bold' : 'regular' }));
    this.room(head.height + (body[0]?.height ?? 0));
    this.row(columns, head, x, '#eeeeee');
    for (const row of body) {
      if (this.y + row.height > PAGE.height - PAGE.margin - FOOTER_ROOM) {
        this.room(Infinity);
        this.row(columns, head, x, '#eeeeee');
      }
      this.row(columns, row, x, null);
    }
  }

  private row(columns: Column[], { cells, style, heights, height }: { cells: string[]; style: TextStyle; heights: number[]; height: number }, x: number, fill: string | null) {
    const width = columns.reduce((sum, c) => sum + c.width, 0);
    if (fill) this.pdf.rect(x, this.y, width, height).fill(fill);
    let left = x;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      this.put(cell, left + CELL_PAD, this.y + CELL_PAD, column.width - 2 * CELL_PAD, { ...style, align: column.align ?? 'left' }, heights[i]);
      left += column.width;
    });
    this.pdf.moveTo(x, this.y + height).lineTo(x + width, this.y + height).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
    this.y += height;
  }
}
