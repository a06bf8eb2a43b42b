import { describe, expect, it } from 'vitest';
import { catalogues, resolveLang, toLang, translator } from '../../src/i18n/index.ts';

describe('message catalogues', () => {
  it('English has every Polish key and no key of its own', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.pl).sort());
  });

  it('has no empty message in either language', () => {
    for (const lang of ['pl', 'en'] as const) {
      for (const [key, text] of Object.entries(catalogues[lang])) expect(text.trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(catalogues.pl) as (keyof typeof catalogues.pl)[]) {
      expect(vars(catalogues.en[key]), key).toEqual(vars(catalogues.pl[key]));
    }
  });

  it('uses the spec\'s welcome line to the letter', () => {
    expect(translator('pl')('home.welcome')).toBe('Witaj w');
    expect(translator('en')('home.welcome')).toBe('Welocme to');
  });
});

describe('language resolution', () => {
  it('is Polish by default and for any value but en', () => {
    expect(toLang(undefined)).toBe('pl');
    expect(toLang('de')).toBe('pl');
    expect(toLang('en')).toBe('en');
  });

  it('lets ?lang= switch and asks to persist only a change', () => {
    expect(resolveLang('en', undefined)).toEqual({ lang: 'en', persist: true });
    expect(resolveLang('en', 'en')).toEqual({ lang: 'en', persist: false });
    expect(resolveLang(null, 'en')).toEqual({ lang: 'en', persist: false });
    expect(resolveLang('xx', 'en')).toEqual({ lang: 'en', persist: false });
    expect(resolveLang('pl', 'en')).toEqual({ lang: 'pl', persist: true });
  });
});

describe('catalogue areas', () => {
  it('no area redefines another area\'s key', async () => {
    const areas = [await import('../../src/i18n/messages/core.ts'), await import('../../src/i18n/messages/accounts.ts'), await import('../../src/i18n/messages/catalogue.ts'), await import('../../src/i18n/messages/purchases.ts')];
    const seen = new Set<string>();
    for (const area of areas) {
      expect(Object.keys(area.en).sort()).toEqual(Object.keys(area.pl).sort());
      for (const key of Object.keys(area.pl)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });
});
