export { CONTENT_WIDTH, Cursor, FONT, PAGE, type Column, type TextStyle } from './cursor.ts';
export { cleanText, drawFooters, drawQr, qrMatrix, renderPdf, type PdfLanguage, type QrMatrix } from './document.ts';
