import { describe, expect, it } from 'vitest';
import { certificateMailTexts, certificatePdfTexts, formatDays, formatHours } from '../../../modules/certificates/index.ts';

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

describe('days and hours on the web pages', () => {
  it('given Warsaw days, when shown, then in words in the reader\'s language, one day once', () => {
    expect(formatDays('2026-03-07', '2026-03-09', 'pl')).toBe('7 marca 2026 – 9 marca 2026');
    expect(formatDays('2026-03-07', '2026-03-09', 'en')).toBe('7 March 2026 – 9 March 2026');
    expect(formatDays('2026-12-31', '2026-12-31', 'pl')).toBe('31 grudnia 2026');
  });
  it('given half hours, when shown, then with the language\'s decimal mark and a no-break space before the h', () => {
    expect(formatHours(25.5, 'pl')).toBe('25,5\u00a0h');
    expect(formatHours(25.5, 'en')).toBe('25.5\u00a0h');
  });
  it('given quarter hours (counted from a report\'s minutes), when shown, then both decimals, not rounded to one', () => {
    expect(formatHours(6.25, 'pl')).toBe('6,25\u00a0h');
    expect(formatHours(13.75, 'en')).toBe('13.75\u00a0h');
    expect(formatHours(8, 'pl')).toBe('8\u00a0h');
  });
});
