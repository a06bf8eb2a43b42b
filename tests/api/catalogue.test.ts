import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('catalogue and public site over HTTP', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, CONTACT_TO: 'biuro@gestalt.test', PUBLIC_URL: 'https://gestalt.test' });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

  it('answers GET /api/videos/{id} in the API shape, and 404 with a message for an unknown key', async () => {
    const res = await get(`/api/videos/${DEMO_KEYS.breath}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ key: DEMO_KEYS.breath, title: 'Oddech i ucieleśnienie', titleEn: 'Breath and Embodiment', thumbnail: '/media/thumb-breath.webp' });
    expect(body.detailsEn).toContain('8 to 14 people');
    expect(body).not.toHaveProperty('watchURL');
    expect(body).not.toHaveProperty('meetLink');
    const missing = await get('/api/videos/nope', { cookie: 'lang=en' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Video not found' });
  });

  it('lists the articles publicly', async () => {
    const body = await (await get('/api/articles')).json();
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    expect(body.items[0]).toEqual({ key: expect.any(String), title: expect.any(String), description: expect.any(String), link: expect.stringMatching(/^https:/) });
  });

  it('serves every public page in both languages with title, description, canonical, Open Graph and alternates', async () => {
    const paths = ['/', '/eksploruj-gestalt-online', '/seminaria', '/warsztaty', '/treningi', `/video-details/${DEMO_KEYS.shame}`, '/biblioteka', '/kontakt', '/regulamin', '/polityka-prywatnosci'];
    for (const path of paths) {
      for (const lang of ['pl', 'en']) {
        const res = await get(`${path}?lang=${lang}`);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html, path).toContain(`<html lang="${lang}"`);
        expect(html, path).toMatch(/<title>[^<]+<\/title>/);
        expect(html, path).toContain('<meta name="description"');
        expect(html, path).toContain(`<link rel="canonical" href="https://gestalt.test${path}${lang === 'en' ? '?lang=en' : ''}"`);
        expect(html, path).toContain('<meta property="og:title"');
        expect(html, path).toContain('hreflang="pl"');
        expect(html, path).toContain('hreflang="en"');
        expect(html, path).not.toMatch(/meet\.example|\/recordings\//);
      }
    }
  });

  it('shows the spec strings: welcome line, empty-free listings, terms facts', async () => {
    expect(await (await get('/?lang=en')).text()).toContain('Welocme to');
    expect(await (await get('/?lang=pl')).text()).toContain('Witaj w');
    const terms = await (await get('/regulamin?lang=en')).text();
    for (const fact of ['90 days', '14 days', 'PLN', 'playback']) expect(terms).toContain(fact);
    expect(await (await get('/polityka-prywatnosci?lang=en')).text()).toContain('90 days from the date of the live meeting');
  });

  it('answers unknown paths and unknown products with 404 Page not found', async () => {
    for (const path of ['/nie-ma-takiej', '/video-details/nope']) {
      const res = await get(`${path}?lang=en`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Page not found.');
    }
  });

  it('caches public pages per language and never for a request with a session', async () => {
    const first = await get('/warsztaty', { cookie: 'lang=en' });
    await first.text();
    const second = await get('/warsztaty', { cookie: 'lang=en' });
    expect(second.headers.get('x-astro-cache')).toBe('HIT');
    expect(await second.text()).toContain('<html lang="en"');
    const polish = await get('/warsztaty');
    expect(await polish.text()).toContain('<html lang="pl"');
    const signedIn = await get('/warsztaty', { cookie: 'lang=en; session=someone' });
    expect(signedIn.headers.get('x-astro-cache')).toBeNull();
    await signedIn.text();
    expect(first.headers.get('cdn-cache-control')).toBeNull();
  });

  it('publishes /sitemap.xml and /robots.txt', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>https://gestalt.test/video-details/${DEMO_KEYS.breath}</loc>`);
    expect(sitemap).toContain(`<loc>https://gestalt.test/video-details/${DEMO_KEYS.breath}?lang=en</loc>`);
    expect(sitemap).toContain('hreflang="en"');
    expect(await (await get('/robots.txt')).text()).toContain('Sitemap: https://gestalt.test/sitemap.xml');
  });

  it('mails a contact message to CONTACT_TO through our SMTP, and refuses one that misses a field', async () => {
    const bad = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fromName: 'A', email: '', message: 'x' }) });
    expect(bad.status).toBe(400);
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fromName: 'Ola Nowak', email: 'ola@example.com', message: 'Czy trening jest dla mnie?' }),
    });
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['biuro@gestalt.test']);
    expect(mail!.parsed.text).toContain('Czy trening jest dla mnie?');
    expect(mail!.parsed.text).toContain('ola@example.com');
  });
});
