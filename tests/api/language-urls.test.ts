import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const BASE = 'https://gestalt.test';

/** The language tags a crawler reads from a page's head. */
function headLinks(html: string) {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = html.match(/<link rel="(?:canonical|alternate)"[^>]*>/g) ?? [];
  const canonical = tags.filter((tag) => tag.startsWith('<link rel="canonical"')).map((tag) => attr(tag, 'href'));
  const alternates = Object.fromEntries(tags.filter((tag) => tag.includes('hreflang=')).map((tag) => [attr(tag, 'hreflang'), attr(tag, 'href')]));
  return { lang: /<html lang="([a-z]+)"/.exec(html)?.[1], canonical, alternates };
}

/** What every language version of `path` must say: its own URL as canonical, both languages as alternates. */
const expected = (path: string, lang: 'pl' | 'en') => ({
  lang,
  canonical: [lang === 'pl' ? `${BASE}${path}` : `${BASE}${path}?lang=en`],
  alternates: { pl: `${BASE}${path}`, en: `${BASE}${path}?lang=en`, 'x-default': `${BASE}${path}` },
});

describe('language URLs: one crawlable address per language, self-referencing canonical, reciprocal hreflang', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: BASE });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
    expect(res.status, path).toBe(200);
    return headLinks(await res.text());
  };
  const paths = ['/', '/seminaria', `/video-details/${DEMO_KEYS.shame}`, '/biblioteka', '/zaloguj-sie', '/kontakt'];

  it('gives the Polish bare path and the English ?lang=en address each its own canonical', async () => {
    for (const path of paths) {
      expect(await page(path), path).toEqual(expected(path, 'pl'));
      expect(await page(`${path}?lang=en`), path).toEqual(expected(path, 'en'));
      // ?lang=pl is the Polish page too: it points crawlers at the bare path.
      expect(await page(`${path}?lang=pl`), path).toEqual(expected(path, 'pl'));
    }
  });

  it('never makes the canonical of the address fetched another language\'s alternate', async () => {
    for (const path of paths) {
      for (const asked of [path, `${path}?lang=en`]) {
        const { canonical, alternates } = await page(asked);
        const own = `${BASE}${asked}`;
        expect(canonical, asked).toEqual([own]);
        const languagesOfCanonical = Object.entries(alternates).filter(([, href]) => href === own).map(([tag]) => tag);
        expect(languagesOfCanonical.filter((tag) => tag !== 'x-default'), asked).toHaveLength(1);
      }
    }
  });

  it('drops other query parameters from the canonical', async () => {
    const path = `/video-details/${DEMO_KEYS.breath}`;
    expect(await page(`${path}?waluta=EUR&kup=1`)).toEqual(expected(path, 'pl'));
    expect(await page(`${path}?lang=en&waluta=EUR`)).toEqual(expected(path, 'en'));
  });

  it('names the language of the content sent: a cookie-English visitor on the bare path gets the English canonical', async () => {
    for (const path of ['/', '/seminaria', '/biblioteka']) {
      expect(await page(path, { cookie: 'lang=en' }), path).toEqual(expected(path, 'en'));
      // The cached Polish page of the same URL is unaffected (the cache keys by language).
      expect(await page(path), path).toEqual(expected(path, 'pl'));
    }
  });

  it('does the same for a signed-in visitor, whose pages are rendered for them', async () => {
    const { token } = await signUp(server, smtp, `lang-urls.${Date.now()}@example.com`, 'Ola Hreflang');
    const seminars = '/seminaria';
    expect(await page(seminars, bearer(token))).toEqual(expected(seminars, 'pl'));
    expect(await page(seminars, { ...bearer(token), cookie: 'lang=en' })).toEqual(expected(seminars, 'en'));
    expect(await page(`${seminars}?lang=en`, bearer(token))).toEqual(expected(seminars, 'en'));
  });

  it('lists the same addresses in the sitemap, each with its alternates', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!.replace(/&amp;/g, '&'),
      alternates: Object.fromEntries([...body!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, tag, href]) => [tag, href!.replace(/&amp;/g, '&')])),
    }));
    for (const path of ['/', '/seminaria', `/video-details/${DEMO_KEYS.shame}`, '/biblioteka']) {
      const { canonical: [pl] } = expected(path, 'pl');
      const { canonical: [en], alternates } = expected(path, 'en');
      expect(entries.find((e) => e.loc === pl), path).toEqual({ loc: pl, alternates });
      expect(entries.find((e) => e.loc === en), path).toEqual({ loc: en, alternates });
    }
    expect(entries.some((e) => e.loc.includes('lang=pl'))).toBe(false);
  });
});
