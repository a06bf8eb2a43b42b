import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Input = Omit<AdminProduct, 'key'> & { confirmPastStart?: boolean };
const DAY = 86_400_000;

describe('the catalogue admin API: GET and POST /api/admin/products, PUT /api/admin/products/{key}', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let user: Record<string, string>;
  let buyer: { token: string; email: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
    user = bearer((await signUp(server, smtp, 'zwykly@example.com', 'Jan Zwykły')).token);
    buyer = await signUp(server, smtp, 'archiwum@example.com', 'Ola Archiwalna');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { cookie: 'lang=en', 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const list = async () => (await (await call('GET', '/api/admin/products', admin)).json()) as AdminProduct[];
  /** A new product's input, made from a demo product as the admin list shows it. */
  const inputFrom = async (key: string, more: Partial<Input> = {}): Promise<Input> => {
    const { key: _key, sessions, ...input } = (await list()).find((p) => p.key === key)!;
    // A test that moves the start sends the single start (one session a day from it), as an older client would.
    return { ...input, ...('startsAt' in more ? {} : { sessions }), ...more };
  };
  const create = async (input: Input) => {
    const res = await call('POST', '/api/admin/products', admin, input);
    expect(res.status).toBe(201);
    return ((await res.json()) as { key: string }).key;
  };
  const page = async (key: string) => {
    const res = await fetch(`${server.url}/video-details/${key}`);
    return { status: res.status, html: await res.text() };
  };

  it('answers 401 without a session and 403 for a user on every route', async () => {
    const input = await inputFrom(DEMO_KEYS.shame);
    const routes: [string, string][] = [['GET', '/api/admin/products'], ['POST', '/api/admin/products'], ['PUT', `/api/admin/products/${DEMO_KEYS.shame}`]];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : input;
      const anonymous = await call(method, path, {}, body);
      expect([anonymous.status, await anonymous.json()], `${method} ${path}`).toEqual([401, { message: 'You need to be logged in.' }]);
      expect((await call(method, path, user, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await page(DEMO_KEYS.shame)).html).toContain('Wstyd w relacji terapeutycznej');
  });

  it('lists every product for the admin with its links and whether it is published', async () => {
    const products = await list();
    expect(products.map((p) => p.key)).toEqual(expect.arrayContaining(Object.values(DEMO_KEYS)));
    const shame = products.find((p) => p.key === DEMO_KEYS.shame)!;
    expect(shame).toMatchObject({ title: 'Wstyd w relacji terapeutycznej', category: 'workshop', published: true });
    expect(shame).toHaveProperty('liveLink');
    expect(shame).toHaveProperty('recordingLink');
    expect(shame.price.map((p) => p.name)).toEqual(['USD', 'PLN', 'EUR']);
  });

  it('adds a product that the public pages and GET /api/videos/{id} show at once, never with its links', async () => {
    const key = await create(await inputFrom(DEMO_KEYS.shame, {
      title: 'Granice w kontakcie', titleEn: 'Boundaries in Contact', startsAt: '2027-03-05T09:00:00.000Z',
      liveLink: 'https://meet.example/sekret-granice', recordingLink: 'https://video.example/sekret-granice',
    }));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const created = (await list()).find((p) => p.key === key)!;
    expect(created).toMatchObject({ title: 'Granice w kontakcie', startsAt: '2027-03-05T09:00:00.000Z', published: true, liveLink: 'https://meet.example/sekret-granice' });
    const shown = await page(key);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Granice w kontakcie');
    expect(shown.html).not.toContain('sekret-granice');
    const api = await fetch(`${server.url}/api/videos/${key}`);
    expect(await api.json()).toMatchObject({ key, title: 'Granice w kontakcie', titleEn: 'Boundaries in Contact', date: '05.03.2027' });
    const again = await (await fetch(`${server.url}/api/videos/${key}`)).text();
    expect(again).not.toContain('sekret');
    expect(await (await fetch(`${server.url}/warsztaty?lang=pl`)).text()).not.toContain('sekret-granice');
  });

  it('shows a new price on the purchase page at the next request after a PUT, though the page was cached', async () => {
    const input = await inputFrom(DEMO_KEYS.shame, { title: 'Cena się zmienia', titleEn: 'The price changes' });
    const key = await create(input);
    // The creation's own invalidation reaches the cache through the log follower a moment later and may drop the
    // first stored copy: ask until the page comes from the cache.
    let cachedHtml = '';
    await expect.poll(async () => {
      const res = await fetch(`${server.url}/video-details/${key}`);
      cachedHtml = await res.text();
      return res.headers.get('x-astro-cache');
    }, { timeout: 10_000, interval: 100 }).toBe('HIT');
    expect(cachedHtml).toContain('2290');
    const price = [input.price[0], { ...input.price[1], priceMinor: 247_150 }, input.price[2]] as Input['price'];
    const put = await call('PUT', `/api/admin/products/${key}`, admin, { ...input, price });
    expect([put.status, await put.json()]).toEqual([200, { key }]);
    // No pause: the edit drops the cached page before the PUT answers, so the very next request shows it.
    expect((await page(key)).html).toContain('2471');
    expect((await list()).find((p) => p.key === key)!.price[1].priceMinor).toBe(247_150);
  });

  it('takes an unpublished product off the public pages and off sale, and brings it back when published again', async () => {
    const input = await inputFrom(DEMO_KEYS.fieldTheory, { title: 'Znika i wraca', titleEn: 'Gone and back' });
    const key = await create(input);
    const priceId = `${key}-pln`;
    const buy = () => call('POST', '/create-checkout-session', user, { priceId, video: { key } });
    expect((await page(key)).status).toBe(200);
    expect((await call('PUT', `/api/admin/products/${key}`, admin, { ...input, published: false })).status).toBe(200);
    expect((await page(key)).status).toBe(404);
    expect((await fetch(`${server.url}/api/videos/${key}`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/warsztaty?lang=pl`)).text()).not.toContain('Znika i wraca');
    const refused = await buy();
    expect([refused.status, await refused.json()]).toEqual([409, { message: 'This material is no longer on sale.' }]);
    expect((await list()).find((p) => p.key === key)).toMatchObject({ published: false });
    expect((await call('PUT', `/api/admin/products/${key}`, admin, { ...input, published: true })).status).toBe(200);
    expect((await page(key)).status).toBe(200);
    expect(await (await fetch(`${server.url}/warsztaty?lang=pl`)).text()).toContain('Znika i wraca');
    expect((await buy()).status).toBe(200);
  });

  it('gives each price an id of its own, ignoring one posted, keeps it across edits, and sells at the amount of the day', async () => {
    const input = await inputFrom(DEMO_KEYS.breath, { title: 'Cena z katalogu' });
    const typed = input.price.map((p) => ({ ...p, api: `price_1Typed${p.name}` })) as Input['price'];
    const key = await create({ ...input, price: typed });
    const ids = () => list().then((all) => all.find((p) => p.key === key)!.price.map((p) => p.api));
    expect(await ids()).toEqual([`${key}-usd`, `${key}-pln`, `${key}-eur`]);
    const withoutIds = input.price.map(({ priceMinor, name }) => ({ priceMinor, name, ...(name === 'PLN' ? { priceMinor: 239_000 } : {}) }));
    expect((await call('PUT', `/api/admin/products/${key}`, admin, { ...input, price: withoutIds })).status).toBe(200);
    expect(await ids()).toEqual([`${key}-usd`, `${key}-pln`, `${key}-eur`]);
    const res = await call('POST', '/create-checkout-session', user, { priceId: `${key}-pln`, video: { key } });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const checkout = await fetch(url, { headers: { cookie: `session=${user.authorization!.replace(/^Bearer /, '')}` } });
    expect(await checkout.text()).toMatch(/2[\s ]?390/);
  });

  it('adds a product hidden when posted unpublished', async () => {
    const key = await create(await inputFrom(DEMO_KEYS.breath, { title: 'Na później', published: false }));
    expect((await page(key)).status).toBe(404);
    expect((await list()).find((p) => p.key === key)).toMatchObject({ title: 'Na później', published: false });
  });

  /** A demo product's input with one session instead of its schedule (no single start beside it). */
  const withSession = async (key: string, start: Date, more: Partial<Input> = {}): Promise<Input> => {
    const { startsAt: _startsAt, days: _days, dailyEnd: _dailyEnd, ...input } = await inputFrom(key);
    return { ...input, sessions: [{ start: start.toISOString(), end: new Date(start.getTime() + 3 * 3_600_000).toISOString() }], ...more } as Input;
  };
  /** A year ago at 17:00 UTC (18:00 or 19:00 in Warsaw, inside no break): an event long over. */
  const yearAgo = () => new Date(new Date(Date.now() - 365 * DAY).setUTCHours(17, 0, 0, 0));

  it('adds an archive recording dated a year ago, which a buyer can buy and then watch (issue 34)', async () => {
    const key = await create(await withSession(DEMO_KEYS.trauma, yearAgo(), {
      title: 'Archiwum: granice', titleEn: 'Archive: boundaries', recordingAvailable: true, recordingLink: 'https://video.example/archiwum-granice',
    }));
    expect((await list()).find((p) => p.key === key)).toMatchObject({ title: 'Archiwum: granice', startsAt: yearAgo().toISOString(), published: true });
    expect(await (await fetch(`${server.url}/seminaria?lang=pl`)).text()).toContain('Archiwum: granice');
    await buyWithDevCheckout(server, buyer.token, key, `${key}-pln`);
    const owned = await (await fetch(`${server.url}/api/videos/${key}`, { headers: bearer(buyer.token) })).json() as { watchURL?: string };
    expect(owned.watchURL).toBe('https://video.example/archiwum-granice');
    const watch = await (await fetch(`${server.url}/watch-video/${key}`, { headers: { cookie: `session=${buyer.token}; lang=en` } })).text();
    expect(watch).toContain('watch-playback');
    expect(watch).toContain('archiwum-granice');
  });

  it('adds a live product dated in the past only when the admin confirms it, the refusal saying so beside the start', async () => {
    const input = await withSession(DEMO_KEYS.shame, yearAgo(), { title: 'Na żywo, wstecz', recordingAvailable: false });
    const message = 'The event starts in the past. If that is meant, tick “I confirm the start in the past” (a recording may have a past date without it).';
    for (const refused of [input, { ...input, confirmPastStart: false }]) {
      const res = await call('POST', '/api/admin/products', admin, refused);
      expect([res.status, await res.json()]).toEqual([400, { message, issues: [{ field: 'startsAt', message }] }]);
    }
    expect((await list()).filter((p) => p.title === 'Na żywo, wstecz')).toEqual([]);
    const key = await create({ ...input, confirmPastStart: true });
    expect((await list()).find((p) => p.key === key)).toMatchObject({ title: 'Na żywo, wstecz', startsAt: yearAgo().toISOString() });
  });

  it('refuses a start sent beside sessions that begin at another time, and moves nothing (issue 34)', async () => {
    const input = await inputFrom(DEMO_KEYS.breath);
    const before = (await list()).find((p) => p.key === DEMO_KEYS.breath)!;
    const startsAt = new Date(Date.parse(before.startsAt) + 7 * DAY).toISOString();
    const en = 'The start must be the first session\'s start: to move the event, change the sessions\' dates.';
    const pl = 'Początek musi być początkiem pierwszego spotkania: aby przesunąć wydarzenie, zmień daty spotkań.';
    const put = await call('PUT', `/api/admin/products/${DEMO_KEYS.breath}`, admin, { ...input, startsAt });
    expect([put.status, await put.json()]).toEqual([400, { message: en, issues: [{ field: 'startsAt', message: en }] }]);
    const post = await call('POST', '/api/admin/products', { ...admin, cookie: 'lang=pl' }, { ...input, startsAt });
    expect([post.status, await post.json()]).toEqual([400, { message: pl, issues: [{ field: 'startsAt', message: pl }] }]);
    expect((await list()).find((p) => p.key === DEMO_KEYS.breath)).toEqual(before);
    // The start the sessions begin at, sent beside them, is no contradiction.
    expect((await call('PUT', `/api/admin/products/${DEMO_KEYS.breath}`, admin, { ...input, startsAt: before.startsAt })).status).toBe(200);
  });

  it('answers 404 for a PUT to an unknown key', async () => {
    const res = await call('PUT', '/api/admin/products/nie-ma-takiego', admin, await inputFrom(DEMO_KEYS.shame));
    expect([res.status, await res.json()]).toEqual([404, { message: 'Video not found' }]);
  });

  it('refuses an invalid product with a message in the caller\'s language beside the field, and records nothing', async () => {
    const input = await inputFrom(DEMO_KEYS.trauma);
    const before = (await list()).length;
    const LINK: [string, string] = ['Links must start with http:// or https:// (a recording the site serves: media:…).',
      'Linki muszą zaczynać się od http:// lub https:// (nagranie z serwisu: media:…).'];
    const MEDIA: [string, string] = ['Pictures and videos must be files of this site: a /media/… path (e.g. /media/thumbnail.webp), not an address elsewhere.',
      'Obrazy i filmy muszą być plikami tego serwisu: ścieżka /media/… (np. /media/miniatura.webp), nie adres innej strony.'];
    const PRICE: [string, string] = ['Give a price above zero with at most two decimals (e.g. 1,800.50), up to 10,000,000.', 'Podaj cenę większą od zera, najwyżej z dwoma miejscami po przecinku (np. 1 800,50), do 10 000 000.'];
    const START: [string, string] = ['Give the event\'s start as an ISO 8601 date and time.', 'Podaj początek wydarzenia jako datę i godzinę ISO 8601.'];
    const IMPOSSIBLE: [string, string] = ['Give a date that exists for the event\'s start, in the years 2000–2100.', 'Podaj istniejącą datę początku wydarzenia, w latach 2000–2100.'];
    const cases: [object, string, [string, string]][] = [
      [{ liveLink: 'javascript:alert(1)' }, 'liveLink', LINK],
      [{ recordingLink: 'ftp://files.example/r.mp4' }, 'recordingLink', LINK],
      [{ price: [input.price[0], { ...input.price[1], priceMinor: 0 }, input.price[2]] }, 'price.1.priceMinor', PRICE],
      // Minor units are integers: 1250.5 grosze is no amount, and neither is the old whole-unit field alone.
      [{ price: [{ ...input.price[0], priceMinor: 1250.5 }, input.price[1], input.price[2]] }, 'price.0.priceMinor', PRICE],
      [{ price: [{ name: 'USD', price: 77 }, input.price[1], input.price[2]] }, 'price.0.priceMinor',
        ['Give three prices (USD, PLN, EUR) as amounts above zero.', 'Podaj trzy ceny (USD, PLN, EUR) jako kwoty większe od zera.']],
      [{ price: [input.price[0], { ...input.price[1], priceMinor: 1_000_000_001 }, input.price[2]] }, 'price.1.priceMinor', PRICE],
      [{ category: 'retreat' }, 'category', ['The category must be one of: seminar, workshop, training.', 'Kategoria musi być jedną z: seminar, workshop, training.']],
      [{ titleEn: '   ' }, 'titleEn', ['Fill in this field.', 'Wypełnij to pole.']],
      [{ startsAt: 'jutro' }, 'startsAt', START],
      [{ startsAt: '0000-01-01' }, 'startsAt', START],
      ...['0000-01-01T00:00:00Z', '2026-02-30T10:00:00Z', '2026-02-30T10:00:00.000+01:00'].map((startsAt): [object, string, [string, string]] => [{ startsAt }, 'startsAt', IMPOSSIBLE]),
      // The teachers' photos come from the facilitators the product names (tests/api/admin-facilitators.test.ts).
      ...([[{ thumbnail: '/\\evil.example/x.jpg' }, 'thumbnail'], [{ videoSrc: 'https://images.example/trailer.webm' }, 'videoSrc'],
        [{ certificate: 'http://evil.example/c.svg' }, 'certificate'], [{ thumbnail: '/media/../../etc/passwd' }, 'thumbnail']] as [object, string][])
        .map(([change, field]): [object, string, [string, string]] => [change, field, MEDIA]),
      // The editor's thumbnail is an upload: left empty, it asks for a picture rather than a path (issue 34).
      [{ thumbnail: '' }, 'thumbnail', ['Add a thumbnail: choose a JPEG, PNG, WebP, AVIF or GIF picture or drop it on the field.',
        'Dodaj miniaturę: wybierz zdjęcie JPEG, PNG, WebP, AVIF lub GIF albo upuść je na pole.']],
      [{ groupSize: { min: 14, max: 8 } }, 'groupSize.min', ['The least number of participants cannot be above the most.', 'Najmniejsza liczba uczestników nie może być większa od największej.']],
    ];
    for (const [change, field, [english, polish]] of cases) {
      const en = await call('POST', '/api/admin/products', admin, { ...input, ...change });
      expect([en.status, await en.json()], JSON.stringify(change)).toEqual([400, { message: english, issues: [{ field, message: english }] }]);
      const pl = await call('PUT', `/api/admin/products/${DEMO_KEYS.trauma}`, { ...admin, cookie: 'lang=pl' }, { ...input, ...change });
      expect([pl.status, await pl.json()], JSON.stringify(change)).toEqual([400, { message: polish, issues: [{ field, message: polish }] }]);
    }
    expect((await list()).length).toBe(before);
    expect((await list()).find((p) => p.key === DEMO_KEYS.trauma)).toMatchObject({ ...input, key: DEMO_KEYS.trauma });
  });
});
