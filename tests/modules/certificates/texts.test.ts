import { describe, expect, it } from 'vitest';
import { certificateMailTexts, certificatePdfTexts } from '../../../modules/certificates/index.ts';

const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();

describe.each([['PDF', certificatePdfTexts], ['mail', certificateMailTexts]] as const)('the certificate %s words', (_name, texts) => {
  it('exist in both languages with the same placeholders, none empty', () => {
    expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts.pl).sort());
    for (const key of Object.keys(texts.pl) as (keyof typeof texts.pl)[]) {
      expect(vars(texts.en[key]), key).toEqual(vars(texts.pl[key]));
      expect(texts.pl[key].trim(), key).not.toBe('');
      expect(texts.en[key].trim(), key).not.toBe('');
    }
  });
});
