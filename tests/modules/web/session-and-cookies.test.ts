import { describe, expect, it } from 'vitest';
import { AstroCookies } from '../../../node_modules/astro/dist/core/cookies/index.js';
import { langCookieOptions, langSetCookie } from '../../../src/server/cookies.ts';
import { sessionToken } from '../../../src/server/session.ts';

describe('the session token, read one way everywhere (middleware, page cache, log-out)', () => {
  it('given a Bearer header and a cookie, then the Bearer token is the session', () => {
    expect(sessionToken('Bearer abc.def ', 'lang=en; session=xyz')).toBe('abc.def');
  });

  it('given an empty Bearer header, then there is no session, whatever the cookie says', () => {
    expect(sessionToken('Bearer ', 'session=xyz')).toBeNull();
  });

  it('given no Bearer header (or another scheme), then the session cookie is the session', () => {
    expect(sessionToken(null, 'lang=en; session=xyz')).toBe('xyz');
    expect(sessionToken('Basic dXNlcjpwYXNz', 'session=xyz')).toBe('xyz');
  });

  it('given neither, or an empty cookie, then there is none', () => {
    expect(sessionToken(undefined, 'lang=en')).toBeNull();
    expect(sessionToken(null, 'session=')).toBeNull();
    expect(sessionToken(null, null)).toBeNull();
  });
});

describe('the language cookie, written by Astro (middleware) and by the front server alike', () => {
  const attributes = (header: string) => header.split(';').map((part) => part.trim().toLowerCase()).sort();

  it.each([true, false])('with Secure %s, both writers send the same attributes', (secure) => {
    const cookies = new AstroCookies(new Request('http://site/'), { warn() {} });
    cookies.set('lang', 'en', langCookieOptions(secure));
    const [byAstro] = [...cookies.headers()];
    expect(attributes(byAstro!)).toEqual(attributes(langSetCookie('en', secure)));
  });
});
