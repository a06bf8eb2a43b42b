import { describe, expect, it } from 'vitest';
import { runCarriesOwnText } from '../../../modules/shared/pdf/layout-cache.ts';

const glyphs = (...codePoints: number[][]) => ({ glyphs: codePoints.map((c) => ({ codePoints: c })) });
const cps = (text: string) => [...text].map((c) => [c.codePointAt(0)!]);

describe('a word layout kept across documents', () => {
  it('is kept when each glyph carries the word\'s own characters, in order', () => {
    expect(runCarriesOwnText('Łódź ', glyphs(...cps('Łódź ')))).toBe(true);
    // A ligature carries both of its letters.
    expect(runCarriesOwnText('fi', glyphs([0x66, 0x69]))).toBe(true);
    // Outside the Basic Multilingual Plane a character is one code point, not two UTF-16 units.
    expect(runCarriesOwnText('𝄞', glyphs([0x1d11e]))).toBe(true);
  });

  it('is not kept when a glyph carries another word\'s character for the same shape', () => {
    // fontkit's glyph cache gave the ligature glyph the characters of U+FB01 seen earlier.
    expect(runCarriesOwnText('fi', glyphs([0xfb01]))).toBe(false);
    // A glyph made by the previous document's subset carries no character at all.
    expect(runCarriesOwnText('a', glyphs([]))).toBe(false);
  });

  it('is not kept when characters are missing or left over', () => {
    expect(runCarriesOwnText('ab', glyphs([0x61]))).toBe(false);
    expect(runCarriesOwnText('a', glyphs([0x61], [0x62]))).toBe(false);
    expect(runCarriesOwnText('ba', glyphs([0x61], [0x62]))).toBe(false);
  });
});
