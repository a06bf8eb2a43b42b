import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRange, dayLine, DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { toWarsawInput } from '../../modules/shared/text/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Input = Omit<AdminProduct, 'key'>;
const DAY = 86_400_000;
/** Intl writes a no-break space inside amounts ("2390 zł"); the tests read it as a space. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('one source for every fact, the editor\'s per-field answers, and new editions (issue 21)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let buyer: { token: string; email: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
    buyer = await signUp(server, smtp, 'kupujaca@example.com', 'Ola Kupująca');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = (method: string, path: string, body?: unknown, lang: 'pl' | 'en' = 'en') => fetch(`${server.url}${path}`, {
    method, headers: { cookie: `lang=${lang}`, 'content-type': 'application/json', ...admin }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const list = async () => (await (await call('GET', '/api/admin/products')).json()) as AdminProduct[];
  const inputOf = async (key: string, more: Partial<Input> = {}): Promise<Input> => {
    // These cases edit the single start, days and daily end, as an older client does: one session a day from them.
    const { key: _key, sessions: _sessions, ...input } = (await list()).find((p) => p.key === key)!;
    return { ...input, ...more };
  };
  const text = async (path: string, headers: Record<string, string> = {}) => plain(await (await fetch(`${server.url}${path}`, { headers })).text());
  const refusal = async (res: Response) => [res.status, (await res.json()) as { message: string; issues?: { field: string; message: string }[] }] as const;

  it('answers a product with bad fields 400 with each field\'s own message, in the caller\'s language, and records nothing', async () => {
    const input = await inputOf(DEMO_KEYS.shame);
    const bad = {
      ...input, title: '  ', days: 0, dailyEnd: '25:00', hours: -2, joinOpensMinutes: 1.5,
      price: [input.price[0], { ...input.price[1], priceMinor: 0 }, { ...input.price[2], priceMinor: -5 }], groupSize: { min: 14, max: 8 },
    };
    const before = (await list()).length;
    const [status, en] = await refusal(await call('POST', '/api/admin/products', bad));
    expect(status).toBe(400);
    expect(en.message).toBe('Fill in this field.');
    expect(Object.fromEntries(en.issues!.map((i) => [i.field, i.message]))).toEqual({
      'title': 'Fill in this field.',
      'days': 'Number of days: a whole number from 1 to 60.',
      'dailyEnd': 'Give a time as HH:MM.',
      'hours': 'Hours: a number above zero (e.g. 25.5), or leave it empty.',
      'joinOpensMinutes': 'Give a number of minutes from 0 to 1440.',
      'price.1.priceMinor': 'Give a price above zero with at most two decimals (e.g. 1,800.50), up to 10,000,000.',
      'price.2.priceMinor': 'Give a price above zero with at most two decimals (e.g. 1,800.50), up to 10,000,000.',
      'groupSize.min': 'The least number of participants cannot be above the most.',
    });
    const [plStatus, pl] = await refusal(await call('PUT', `/api/admin/products/${DEMO_KEYS.shame}`, bad, 'pl'));
    expect(plStatus).toBe(400);
    expect(Object.fromEntries(pl.issues!.map((i) => [i.field, i.message]))).toMatchObject({
      'title': 'Wypełnij to pole.',
      'price.1.priceMinor': 'Podaj cenę większą od zera, najwyżej z dwoma miejscami po przecinku (np. 1 800,50), do 10 000 000.',
      'groupSize.min': 'Najmniejsza liczba uczestników nie może być większa od największej.',
      'dailyEnd': 'Podaj godzinę w postaci GG:MM.',
    });
    expect((await list()).length).toBe(before);
    expect((await list()).find((p) => p.key === DEMO_KEYS.shame)).toMatchObject({ ...input, key: DEMO_KEYS.shame });
  });

  it('refuses a day that ends before it starts, a place in one language only and a break outside the working hours, beside those fields', async () => {
    const input = await inputOf(DEMO_KEYS.shame);
    const [, early] = await refusal(await call('POST', '/api/admin/products', { ...input, dailyEnd: '09:00', breakTime: null }));
    expect(early.issues).toEqual([{ field: 'dailyEnd', message: 'The day must end later than it starts.' }]);
    const [, place] = await refusal(await call('POST', '/api/admin/products', { ...input, place: { pl: 'Kraków', en: ' ' } }));
    expect(place.issues).toEqual([{ field: 'place.en', message: 'Fill in this field.' }]);
    const [, lunch] = await refusal(await call('POST', '/api/admin/products', { ...input, breakTime: { from: '19:00', to: '19:30' } }));
    expect(lunch.issues).toEqual([{ field: 'breakTime', message: 'The break must lie within the working hours, its start before its end.' }]);
  });

  it('refuses a new live product starting in the past and a start moved into the past unconfirmed, but saves a past event unchanged', async () => {
    const input = await inputOf(DEMO_KEYS.shame, { title: 'Za późno' });
    // Two days ago in the morning (08:00 UTC): never inside the demo's 13:30–14:30 break, whatever the hour the test runs.
    const past = new Date(new Date(Date.now() - 2 * DAY).setUTCHours(8, 0, 0, 0)).toISOString();
    const en = 'The event starts in the past. If that is meant, tick “I confirm the start in the past” (a recording may have a past date without it).';
    const pl = 'Początek wydarzenia jest w przeszłości. Jeśli to zamierzone, zaznacz „Potwierdzam początek w przeszłości” (nagranie może mieć datę w przeszłości bez potwierdzenia).';
    expect(await refusal(await call('POST', '/api/admin/products', { ...input, startsAt: past })))
      .toEqual([400, { message: en, issues: [{ field: 'startsAt', message: en }] }]);
    expect(await refusal(await call('PUT', `/api/admin/products/${DEMO_KEYS.fieldTheory}`, { ...(await inputOf(DEMO_KEYS.fieldTheory)), startsAt: past }, 'pl')))
      .toEqual([400, { message: pl, issues: [{ field: 'startsAt', message: pl }] }]);
    // The trauma seminar took place weeks ago: a correction of its text is still saved.
    const trauma = await inputOf(DEMO_KEYS.trauma);
    expect((await call('PUT', `/api/admin/products/${DEMO_KEYS.trauma}`, { ...trauma, subDesc: { pl: 'Nagranie: 90 dni.', en: 'Recording: 90 days.' } })).status).toBe(200);
    expect((await list()).filter((p) => p.title === 'Za późno')).toEqual([]);
  });

  it('shows a price and a start edit on the purchase page, the listing, the API, the watch page and the buyer\'s calendar entry at the next request', async () => {
    const key = DEMO_KEYS.fieldTheory;
    const input = await inputOf(key);
    await buyWithDevCheckout(server, buyer.token, key, input.price[1].api);
    const owner = { cookie: `session=${buyer.token}; lang=pl` };
    expect(await text(`/video-details/${key}`)).toMatch(/>Cena<\/dt>\s*<dd[^>]*>2290 zł</);
    expect(await text(`/watch-video/${key}`, owner)).toContain('2290 zł');

    const startsAt = new Date(Date.parse(input.startsAt) + 7 * DAY).toISOString();
    const price = [input.price[0], { ...input.price[1], priceMinor: 239_000 }, input.price[2]] as Input['price'];
    expect((await call('PUT', `/api/admin/products/${key}`, { ...input, price, startsAt })).status).toBe(200);
    const edited = { ...input, startsAt };

    const page = await text(`/video-details/${key}`);
    expect(page).toMatch(/>Cena<\/dt>\s*<dd[^>]*>2390 zł</);
    expect(page).toContain(dayLine(edited, 'pl'));
    expect(page).not.toContain('2290');
    const listing = await text('/warsztaty?lang=pl');
    expect(listing).toContain(dayLine(edited, 'pl'));
    expect(listing).not.toContain(dayLine(input, 'pl'));
    const api = (await (await fetch(`${server.url}/api/videos/${key}`)).json()) as { date: string; details: string; detailsEn: string };
    expect(plain(api.details)).toContain('Cena: 2390 zł');
    expect(plain(api.detailsEn)).toContain('Price: PLN 2,390');
    expect(plain(api.details)).toContain(`Termin: ${dateRange(edited, 'pl')}`);
    const watch = await text(`/watch-video/${key}`, owner);
    expect(watch).toMatch(/>Cena<\/dt>\s*<dd[^>]*>2390 zł</);
    expect(watch).toContain(dayLine(edited, 'pl'));
    expect(watch).not.toContain('2290');

    // The purchase's calendar entry ran from the start to the daily end (10:00–18:30), not a length read from text.
    await expect.poll(() => smtp.received.filter((m) => m.envelopeTo.includes(buyer.email) && m.parsed.subject?.startsWith('Potwierdzenie zakupu')).length,
      { timeout: 15_000 }).toBe(1);
    const mail = smtp.received.find((m) => m.envelopeTo.includes(buyer.email) && m.parsed.subject?.startsWith('Potwierdzenie zakupu'))!;
    const ics = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'))!.content.toString('utf8');
    // Wall time on Warsaw's clock, with the invitation's own Europe/Warsaw time zone.
    const local = (iso: string) => `${toWarsawInput(iso).replace(/[-:]/g, '')}00`;
    expect(ics).toContain(`DTSTART;TZID=Europe/Warsaw:${local(input.startsAt)}`);
    expect(ics).toContain(`DTEND;TZID=Europe/Warsaw:${local(new Date(Date.parse(input.startsAt) + 510 * 60_000).toISOString())}`);
    expect(plain(mail.parsed.text ?? '')).toContain('10:00–18:30, przerwa 13:30–14:30 · Online (Zoom)');
  });

  it('shows the owner the Join button from the set number of minutes before the start, not as soon as a link exists', async () => {
    const shame = await inputOf(DEMO_KEYS.shame);
    const startsAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000).toISOString();
    const input = {
      ...shame, title: 'Za dwie godziny', titleEn: 'In two hours', startsAt, dailyEnd: '23:59', breakTime: null, joinOpensMinutes: 30,
      liveLink: 'https://meet.example/za-dwie-godziny',
    };
    const created = await call('POST', '/api/admin/products', input);
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    await buyWithDevCheckout(server, buyer.token, key, `${key}-pln`);
    const owner = { cookie: `session=${buyer.token}; lang=pl` };
    expect(await text(`/watch-video/${key}`, owner)).not.toContain('https://meet.example/za-dwie-godziny');
    expect((await call('PUT', `/api/admin/products/${key}`, { ...(await inputOf(key)), joinOpensMinutes: 180 })).status).toBe(200);
    // Join leads through the buyer's personal join link (issue 24), which checks the access and redirects to the meeting.
    const watch = await text(`/watch-video/${key}`, owner);
    expect(watch).not.toContain('https://meet.example/za-dwie-godziny');
    const join = /href="([^"]*\/dolacz\/[^"]+)"/.exec(watch)?.[1];
    expect(join).toBeDefined();
    const redirect = await fetch(new URL(new URL(join!.replaceAll('&amp;', '&')).pathname, server.url), { redirect: 'manual', headers: owner });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([303, 'https://meet.example/za-dwie-godziny']);
    // Without the buyer's sign-in (a mail client's browser, or a mail scanner fetching the link) it asks to press Join:
    // a GET leads nowhere and records nothing; the press is a same-origin POST.
    const bare = new URL(new URL(join!.replaceAll('&amp;', '&')).pathname, server.url);
    const asked = await fetch(bare, { redirect: 'manual' });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('Spotkanie jest otwarte.');
    expect(question).toContain('Dołącz teraz');
    expect(question).not.toContain('meet.example');
    // Its form may lead to the meeting's host (the POST's redirect), and only there: no path, no other host.
    expect(asked.headers.get('content-security-policy')).toMatch(/form-action 'self' https:\/\/meet\.example(;|$)/);
    expect(await (await fetch(`${bare.href}?lang=en`, { redirect: 'manual' })).text()).toContain('Join now');
    const foreignPress = await fetch(bare, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, body: '' });
    expect(foreignPress.status).toBe(403);
    const press = await fetch(bare, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url }, body: '' });
    expect([press.status, press.headers.get('location')]).toEqual([303, 'https://meet.example/za-dwie-godziny']);
  });

  it('leaves out a purchase page section that has nothing to show, never an empty heading', async () => {
    const input = await inputOf(DEMO_KEYS.shame, { title: 'Bez prowadzących', titleEn: 'No teachers yet', whyWatch: [], facilitators: [], details: [] });
    const created = await call('POST', '/api/admin/products', input);
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const page = await text(`/video-details/${key}`);
    expect(page).not.toContain('>Prowadzący</h2>');
    expect(page).not.toContain('learn-list');
    // Issue 34: the heading names the learning points, so without them only the sub-description shows.
    expect(page).not.toContain('Czego się nauczysz');
    expect(page).toContain(input.subDesc.pl);
    expect(await text(`/video-details/${DEMO_KEYS.shame}`)).toContain('>Prowadzący</h2>');
  });

  it('duplicates a product as a new edition: a new key and start, hidden, without links or buyers', async () => {
    const source = await inputOf(DEMO_KEYS.shame);
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.shame, source.price[1].api);
    const startsAt = new Date(Date.parse(source.startsAt) + 365 * DAY).toISOString();
    const res = await call('POST', `/api/admin/products/${DEMO_KEYS.shame}/editions`, { startsAt });
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as { key: string };
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const copy = (await list()).find((p) => p.key === key)!;
    const { startsAt: _s, liveLink: _l, recordingLink: _r, published: _p, ...same } = source;
    expect(copy).toMatchObject({ ...same, startsAt, published: false, liveLink: null, recordingLink: null });
    expect((await fetch(`${server.url}/video-details/${key}`)).status).toBe(404);
    const attendees = (await (await call('GET', `/api/admin/attendees/${key}`)).json()) as { attendees: unknown[] };
    expect(attendees.attendees).toEqual([]);
    const profile = (await (await fetch(`${server.url}/profile`, { headers: bearer(buyer.token) })).json()) as { purchasedVideos: { key: string }[] };
    expect(profile.purchasedVideos.map((v) => v.key)).toContain(DEMO_KEYS.shame);
    expect(profile.purchasedVideos.map((v) => v.key)).not.toContain(key);
    // Published, it is on sale and on the public pages with its own dates.
    expect((await call('PUT', `/api/admin/products/${key}`, { ...(await inputOf(key)), published: true })).status).toBe(200);
    expect(await text(`/video-details/${key}`)).toContain(dayLine({ ...source, startsAt }, 'pl'));
  });

  it('refuses a new edition without a start, in the past, or of an unknown product', async () => {
    const before = (await list()).length;
    expect(await refusal(await call('POST', `/api/admin/products/${DEMO_KEYS.shame}/editions`, {}, 'pl')))
      .toEqual([400, { message: 'Podaj początek nowej edycji.', issues: [{ field: 'startsAt', message: 'Podaj początek nowej edycji.' }] }]);
    expect(await refusal(await call('POST', `/api/admin/products/${DEMO_KEYS.shame}/editions`, { startsAt: '2020-05-01T08:00:00Z' })))
      .toEqual([400, { message: 'The event cannot start in the past.', issues: [{ field: 'startsAt', message: 'The event cannot start in the past.' }] }]);
    expect((await call('POST', '/api/admin/products/nie-ma-takiego/editions', { startsAt: '2030-05-01T08:00:00Z' })).status).toBe(404);
    const user = await fetch(`${server.url}/api/admin/products/${DEMO_KEYS.shame}/editions`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...bearer(buyer.token) }, body: JSON.stringify({ startsAt: '2030-05-01T08:00:00Z' }),
    });
    expect(user.status).toBe(403);
    expect((await list()).length).toBe(before);
  });
});
