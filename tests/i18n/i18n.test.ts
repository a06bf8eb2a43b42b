import { describe, expect, it } from 'vitest';
import { catalogues, resolveLang, toLang, translator } from '../../src/i18n/index.ts';
import { ERRORS } from '../../src/server/errors.ts';

describe('message catalogues', () => {
  const missing = (from: object, to: object) => Object.keys(from).filter((key) => !Object.hasOwn(to, key));

  it('fails on a key that exists in one language only, either way', () => {
    expect(missing(catalogues.pl, catalogues.en), 'Polish keys with no English message').toEqual([]);
    expect(missing(catalogues.en, catalogues.pl), 'English keys with no Polish message').toEqual([]);
  });

  it('has a message in both languages for every refusal in the error table', () => {
    const keys = Object.values(ERRORS).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !Object.hasOwn(catalogues.pl, key)), 'error keys with no Polish message').toEqual([]);
    expect(keys.filter((key) => !Object.hasOwn(catalogues.en, key)), 'error keys with no English message').toEqual([]);
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

  it('fills {name} placeholders in the chosen language and leaves a placeholder without a value as written', () => {
    expect(translator('pl')('welcome.greeting', { name: 'Anna' })).toBe('Witaj, Anna!');
    expect(translator('en')('welcome.greeting', { name: 'Anna' })).toBe('Welcome, Anna!');
    expect(translator('en')('welcome.greeting', { other: 'x' })).toBe('Welcome, {name}!');
    expect(translator('en')('welcome.greeting')).toBe('Welcome, {name}!');
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
  const areas = Object.entries(import.meta.glob<{ pl: Record<string, string>; en: Record<string, string> }>('../../src/i18n/messages/*.ts', { eager: true }));

  it('each area has the same keys in both languages', () => {
    expect(areas.length).toBeGreaterThan(1);
    for (const [file, area] of areas) {
      expect(Object.keys(area.pl).filter((key) => !Object.hasOwn(area.en, key)), `${file}: Polish only`).toEqual([]);
      expect(Object.keys(area.en).filter((key) => !Object.hasOwn(area.pl, key)), `${file}: English only`).toEqual([]);
    }
  });

  it('no area redefines another area\'s key, and every area is in the catalogues', () => {
    const seen = new Map<string, string>();
    for (const [file, area] of areas) {
      for (const key of Object.keys(area.pl)) {
        expect(seen.get(key), `${key} in ${file}`).toBeUndefined();
        seen.set(key, file);
        expect(catalogues.pl[key as keyof typeof catalogues.pl], `${key} of ${file} in the Polish catalogue`).toBe(area.pl[key]);
        expect(catalogues.en[key as keyof typeof catalogues.en], `${key} of ${file} in the English catalogue`).toBe(area.en[key]);
      }
    }
  });
});
