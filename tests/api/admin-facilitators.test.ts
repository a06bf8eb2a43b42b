import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { png } from '../support/images.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Answer = { status: number; body: Record<string, unknown> & { message?: string } };
type Person = { id: string; name: string; avatar: string; position: number };

describe('facilitators: GET/POST /api/admin/facilitators, PUT/DELETE …/{id}, PUT …/order; the home gallery and products read them', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'kadry@example.com' });
    admin = (await signUp(server, smtp, 'kadry@example.com', 'Ewa Kadrowa')).token;
    user = (await signUp(server, smtp, 'uczestnik@example.com', 'Jan Uczestnik')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = async (method: string, path: string, opts: { token?: string; lang?: 'pl' | 'en'; body?: unknown } = {}): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: `lang=${opts.lang ?? 'pl'}`, ...(opts.token ? bearer(opts.token) : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const people = async () => (await call('GET', '/api/admin/facilitators', { token: admin })).body as unknown as Person[];
  /** The names of the home page's gallery, in the order shown. */
  const gallery = async () => [...(await (await fetch(`${server.url}/`, { headers: { cookie: 'lang=pl' } })).text())
    .matchAll(/class="person__name">([^<]+)</g)].map((m) => m[1]);
  const anna = { name: 'Anna Nowak', avatar: '', role: { pl: 'Psychoterapeutka', en: 'Psychotherapist' }, bio: { pl: 'Pracuje z parami.', en: 'She works with couples.' } };

  it('refuses every facilitator call without a session (401) and for a user (403)', async () => {
    const calls: [string, string, unknown?][] = [['GET', '/api/admin/facilitators'], ['POST', '/api/admin/facilitators', anna],
      ['PUT', '/api/admin/facilitators/ewa-lis', anna], ['DELETE', '/api/admin/facilitators/ewa-lis'], ['PUT', '/api/admin/facilitators/order', { order: [] }]];
    for (const [method, path, body] of calls) {
      expect(await call(method, path, { body }), `${method} ${path}`).toEqual({ status: 401, body: { message: 'Musisz być zalogowany.' } });
      expect(await call(method, path, { body, token: user, lang: 'en' })).toEqual({ status: 403, body: { message: 'Access denied.' } });
    }
    expect((await people()).map((p) => p.name)).toEqual(['Marta Zielińska', 'Tomasz Wrona', 'Ewa Lis', 'Jan Kowalczyk', 'Helena Maj']);
  });

  it('adds a facilitator with an uploaded photo at the end of the home gallery, and refuses one without a name or photo', async () => {
    expect(await call('POST', '/api/admin/facilitators', { token: admin, body: { ...anna, name: '  ', avatar: '/media/avatar-ewa.svg' } }))
      .toEqual({ status: 400, body: { message: 'Podaj imię i nazwisko osoby prowadzącej.' } });
    expect(await call('POST', '/api/admin/facilitators', { token: admin, lang: 'en', body: anna }))
      .toEqual({ status: 400, body: { message: 'Add the facilitator’s photo.' } });
    const photo = await fetch(`${server.url}/api/admin/media?kind=image`, { method: 'POST', body: new Uint8Array(await png(900, 900)), headers: bearer(admin) });
    const { path } = (await photo.json()) as { path: string };
    const created = await call('POST', '/api/admin/facilitators', { token: admin, body: { ...anna, avatar: path } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Anna Nowak', avatar: path, position: 6 });
    expect(await gallery()).toEqual(['Marta Zielińska', 'Tomasz Wrona', 'Ewa Lis', 'Jan Kowalczyk', 'Helena Maj', 'Anna Nowak']);
    // Her photo is served as responsive variants: the gallery's <picture> offers AVIF at 320 and 640 pixels.
    // (React writes the attribute as srcSet: HTML attribute names are case-insensitive.)
    const home = (await (await fetch(`${server.url}/`)).text()).toLowerCase();
    expect(home).toContain(`<source type="image/avif" srcset="${path}/320.avif 320w, ${path}/640.avif 640w, ${path}/900.avif 900w"`);
  });

  it('lists the home gallery in the order the admin sets, and refuses an order that forgets someone', async () => {
    const ids = (await people()).map((p) => p.id);
    const annaFirst = [ids.at(-1)!, ...ids.slice(0, -1)];
    expect((await call('PUT', '/api/admin/facilitators/order', { token: admin, body: { order: annaFirst } })).status).toBe(200);
    expect(await gallery()).toEqual(['Anna Nowak', 'Marta Zielińska', 'Tomasz Wrona', 'Ewa Lis', 'Jan Kowalczyk', 'Helena Maj']);
    expect(await call('PUT', '/api/admin/facilitators/order', { token: admin, body: { order: annaFirst.slice(1) } }))
      .toEqual({ status: 409, body: { message: 'Lista prowadzących zmieniła się w międzyczasie. Odśwież i spróbuj ponownie.' } });
    expect(await gallery()).toEqual(['Anna Nowak', 'Marta Zielińska', 'Tomasz Wrona', 'Ewa Lis', 'Jan Kowalczyk', 'Helena Maj']);
  });

  it('shows a product its chosen facilitators, edits reaching it at the next request, and refuses to delete one in use, naming the product', async () => {
    const annaId = (await people()).find((p) => p.name === 'Anna Nowak')!.id;
    const product = ((await call('GET', '/api/admin/products', { token: admin })).body as unknown as Record<string, unknown>[]).find((p) => p['key'] === DEMO_KEYS.trauma)!;
    const { key: _key, date: _date, channel: _channel, avatar: _avatar, teachers: _teachers, ...input } = product;
    expect((await call('PUT', `/api/admin/products/${DEMO_KEYS.trauma}`, { token: admin, body: { ...input, facilitators: [annaId, 'jan-kowalczyk'] } })).status).toBe(200);
    const page = async () => (await fetch(`${server.url}/video-details/${DEMO_KEYS.trauma}`, { headers: { cookie: 'lang=en' } })).text();
    expect(await page()).toContain('She works with couples.');
    const current = (await people()).find((p) => p.id === annaId)!;
    expect((await call('PUT', `/api/admin/facilitators/${annaId}`, { token: admin, body: { ...anna, avatar: current.avatar, bio: { pl: 'Nowy opis.', en: 'A new bio.' } } })).status).toBe(200);
    expect(await page()).toContain('A new bio.');
    expect(await call('DELETE', `/api/admin/facilitators/${annaId}`, { token: admin }))
      .toEqual({ status: 409, body: { message: 'Nie można usunąć: tę osobę wybrano w wydarzeniach: Trauma i ciało w podejściu Gestalt.', products: 'Trauma i ciało w podejściu Gestalt' } });
    expect(await gallery()).toContain('Anna Nowak');
    expect(await call('PUT', `/api/admin/products/${DEMO_KEYS.trauma}`, { token: admin, body: { ...input, facilitators: ['nobody-here'] } }))
      .toEqual({ status: 404, body: { message: 'Nie ma takiej osoby prowadzącej.' } });
  });

  it('deletes a facilitator nobody names: gone from the gallery', async () => {
    const created = await call('POST', '/api/admin/facilitators', { token: admin, body: { ...anna, name: 'Piotr Krótki', avatar: '/media/avatar-jan.svg' } });
    expect(await gallery()).toContain('Piotr Krótki');
    expect((await call('DELETE', `/api/admin/facilitators/${String(created.body['id'])}`, { token: admin })).status).toBe(200);
    expect(await gallery()).not.toContain('Piotr Krótki');
    expect((await call('DELETE', `/api/admin/facilitators/${String(created.body['id'])}`, { token: admin })).status).toBe(404);
  });
});
