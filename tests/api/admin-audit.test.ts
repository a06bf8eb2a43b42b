import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Item = {
  position: number; at: string; type: string; event: string; actor: { id: string; name: string | null } | null;
  subject: { kind: string; id: string } | null; amount: number | null; currency: string | null; summary: string;
};
type Trail = { items: Item[]; page: number; pageSize: number; total: number };

describe('GET /api/admin/audit (admin only): the audit trail', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let user: Record<string, string>;
  let adminId = '';
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'audytorka@example.com' });
    // The first start made the admin's account, named "Administrator"; signing up sets its password.
    admin = bearer((await signUp(server, smtp, 'audytorka@example.com')).token);
    user = bearer((await signUp(server, smtp, 'klient@example.com', 'Jan Klient')).token);
    const users = (await (await fetch(`${server.url}/api/users`, { headers: admin })).json()) as { id: string; email: string }[];
    adminId = users.find((u) => u.email === 'audytorka@example.com')!.id;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const audit = (query = '', headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/admin/audit${query}`, { headers: { cookie: 'lang=pl', ...headers } });
  const trail = async (query = '', lang = 'pl') => {
    const res = await audit(query, { ...admin, cookie: `lang=${lang}` });
    expect(res.status).toBe(200);
    return (await res.json()) as Trail;
  };
  const call = (method: string, path: string, body: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify(body),
  });

  it('answers 401 without a session and 403 for a user, in the caller\'s language', async () => {
    for (const [lang, unauthorized, forbidden] of [['pl', 'Musisz być zalogowany.', 'Brak dostępu.'], ['en', 'You need to be logged in.', 'Access denied.']]) {
      const anonymous = await audit('', { cookie: `lang=${lang}` });
      expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: unauthorized }]);
      const refused = await audit('?type=purchase', { ...user, cookie: `lang=${lang}` });
      expect([refused.status, await refused.json()]).toEqual([403, { message: forbidden }]);
    }
  });

  it('shows a purchase, an article change and a price change with the admin as actor, newest first', async () => {
    const products = (await (await fetch(`${server.url}/api/admin/products`, { headers: admin })).json()) as AdminProduct[];
    const trauma = products.find((p) => p.key === DEMO_KEYS.trauma)!;
    await buyWithDevCheckout(server, admin.authorization!.slice(7), DEMO_KEYS.trauma, trauma.price[1].api);
    expect((await call('POST', '/api/articles', { title: 'Kontakt i granica', description: 'Opis', link: 'https://example.org/kontakt' })).status).toBeLessThan(300);
    const { key: _key, ...input } = trauma;
    const price = [input.price[0], { ...input.price[1], priceMinor: input.price[1].priceMinor + 1000 }, input.price[2]];
    expect((await call('PUT', `/api/admin/products/${DEMO_KEYS.trauma}`, { ...input, price })).status).toBe(200);

    const all = await trail();
    expect(all).toMatchObject({ page: 1, pageSize: 50 });
    const [revised, article, purchase] = all.items;
    const me = { id: adminId, name: 'Administrator' };
    expect(revised).toMatchObject({ type: 'catalogue', event: 'ProductRevised', actor: me });
    // Only the price changed: the form's other fields, sent as they are, are no change.
    expect(revised!.summary).toBe('Zmieniono produkt „Trauma i ciało w podejściu Gestalt”: ceny');
    expect(article).toMatchObject({ type: 'article', event: 'ArticlePublished', actor: me, summary: 'Dodano artykuł „Kontakt i granica”' });
    const amount = `${new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2 }).format(trauma.price[1].priceMinor / 100)} PLN`;
    expect(purchase).toMatchObject({ type: 'purchase', event: 'PurchaseCompleted', actor: me,
      summary: `Zakup: Trauma i ciało w podejściu Gestalt — ${amount}, kupujący: Administrator` });
    expect(Date.parse(purchase!.at)).toBeLessThanOrEqual(Date.parse(revised!.at));
    expect(purchase!.at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    const english = await trail('?type=purchase', 'en');
    expect(english.items[0]!.summary).toBe(`Purchase: Trauma and the Body in Gestalt — ${trauma.price[1].priceMinor / 100}.00 PLN, buyer: Administrator`.replace(/(\d)(\d{3})\./, '$1,$2.'));
    // Seeding the catalogue is nobody's doing.
    expect(all.items.filter((i) => i.event === 'ProductPublished').every((i) => i.actor === null)).toBe(true);
  });

  it('keeps a deleted user\'s purchase with amount and date and without their name or address', async () => {
    const leaving = await signUp(server, smtp, 'odchodzi@example.com', 'Zofia Odchodząca');
    await buyWithDevCheckout(server, leaving.token, DEMO_KEYS.fieldTheory, 'price_demo_field_theory_eur');
    const users = (await (await fetch(`${server.url}/api/users`, { headers: admin })).json()) as { id: string; email: string }[];
    const id = users.find((u) => u.email === 'odchodzi@example.com')!.id;
    expect((await fetch(`${server.url}/api/users/${id}`, { method: 'DELETE', headers: { ...admin, origin: server.url } })).status).toBe(200);

    const res = await audit('', admin);
    const text = await res.text();
    expect(text).not.toMatch(/Zofia|Odchodz|odchodzi@/);
    const { items } = JSON.parse(text) as Trail;
    expect(items[0]).toMatchObject({ type: 'deletion', event: 'UserDeleted', actor: { id: adminId, name: 'Administrator' }, summary: `Usunięto konto użytkownika ${id}` });
    expect(items[1]).toMatchObject({ type: 'purchase', actor: { id, name: null } });
    expect(items[1]!.summary).toMatch(/^Zakup: Teoria pola w pracy z grupą — [\d\s ]+,00 EUR, kupujący: usunięty użytkownik$/);
    expect((await trail('?type=deletion', 'en')).items.map((i) => i.summary)).toEqual([`Deleted the account of user ${id}`]);
  });

  it('names each subject by a stable id with amount and currency beside the sentence: a renamed product\'s entries are found by its key and export as CSV', async () => {
    const products = (await (await fetch(`${server.url}/api/admin/products`, { headers: admin })).json()) as AdminProduct[];
    const shame = products.find((p) => p.key === DEMO_KEYS.shame)!;
    await buyWithDevCheckout(server, user.authorization!.slice(7), DEMO_KEYS.shame, shame.price[1].api);
    const { key: _key, ...input } = shame;
    expect((await call('PUT', `/api/admin/products/${DEMO_KEYS.shame}`, { ...input, title: 'Wstyd, nowa nazwa' })).status).toBe(200);

    const about = await trail(`?subject=${DEMO_KEYS.shame}`);
    expect(about.items.map((i) => i.event)).toEqual(['ProductRevised', 'PurchaseCompleted', 'ProductPublished']);
    expect(about.items.every((i) => i.subject?.kind === 'product' && i.subject.id === DEMO_KEYS.shame)).toBe(true);
    const [revised, purchase] = about.items;
    expect(revised).toMatchObject({ amount: null, currency: null, summary: 'Zmieniono produkt „Wstyd, nowa nazwa”: tytuł' });
    expect(purchase).toMatchObject({ amount: shame.price[1].priceMinor / 100, currency: 'PLN' });
    expect(purchase!.summary).toMatch(/^Zakup: Wstyd, nowa nazwa — /);
    expect((await trail(`?subject=${DEMO_KEYS.shame}&type=purchase`)).items.map((i) => i.event)).toEqual(['PurchaseCompleted']);
    expect((await trail('?subject=nie-ma-takiego')).total).toBe(0);

    const csv = await audit(`?subject=${DEMO_KEYS.shame}&format=csv`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="audit-${DEMO_KEYS.shame}.csv"`);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('"Kiedy (UTC)","Rodzaj","Zdarzenie","Kto (id)","Kto","Przedmiot","Id przedmiotu","Kwota","Waluta","Opis"');
    expect(lines.slice(1, -1)).toHaveLength(3);
    expect(lines[2]).toMatch(new RegExp(`^"[\\d-]+T[\\d:.]+Z","purchase","PurchaseCompleted","[\\w-]+","Jan Klient","product","${DEMO_KEYS.shame}","${shame.price[1].priceMinor / 100}","PLN","Zakup: Wstyd, nowa nazwa — `));
    const english = await audit(`?subject=${DEMO_KEYS.shame}&format=csv`, { ...admin, cookie: 'lang=en' });
    expect((await english.text()).split('\r\n')[0]).toBe('"When (UTC)","Type","Event","Who (id)","Who","Subject","Subject id","Amount","Currency","Summary"');
  });

  it('filters by type and inclusive UTC days, pages by 50, and refuses bad values in the caller\'s language', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const purchases = await trail('?type=purchase');
    expect(purchases.items.map((i) => i.type)).toEqual(purchases.items.map(() => 'purchase'));
    // The trauma and field-theory purchases above, and the shame one.
    expect(purchases.total).toBe(3);
    expect((await trail(`?type=purchase&from=${today}&to=${today}`)).total).toBe(3);
    expect((await trail('?type=purchase&to=2000-01-01')).total).toBe(0);
    expect((await trail('?type=purchase&from=2999-01-01')).items).toEqual([]);
    expect((await trail('?type=&from=&to=&page=')).total).toBe((await trail()).total);

    const all = await trail();
    expect(all.total).toBeGreaterThan(5);
    const pastTheEnd = await trail(`?page=${Math.ceil(all.total / 50) + 1}`);
    expect([pastTheEnd.items, pastTheEnd.total, pastTheEnd.page]).toEqual([[], all.total, Math.ceil(all.total / 50) + 1]);
    const positions = all.items.map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));

    const cases: [string, number, string, string][] = [
      ['?type=zakup', 400, 'Nieznany rodzaj wpisu. Dozwolone: purchase, refund, campaign, deletion, article, catalogue, invoicing.',
        'Unknown entry type. Allowed: purchase, refund, campaign, deletion, article, catalogue, invoicing.'],
      ['?from=2026-02-30', 400, 'Daty podaj w formacie RRRR-MM-DD; data „od” nie może być późniejsza niż „do”.',
        'Give dates as YYYY-MM-DD; the "from" date cannot be later than the "to" date.'],
      ['?to=01.02.2026', 400, 'Daty podaj w formacie RRRR-MM-DD; data „od” nie może być późniejsza niż „do”.',
        'Give dates as YYYY-MM-DD; the "from" date cannot be later than the "to" date.'],
      ['?from=2026-03-02&to=2026-03-01', 400, 'Daty podaj w formacie RRRR-MM-DD; data „od” nie może być późniejsza niż „do”.',
        'Give dates as YYYY-MM-DD; the "from" date cannot be later than the "to" date.'],
      ['?page=0', 400, 'Numer strony musi być liczbą całkowitą od 1.', 'The page number must be a whole number from 1.'],
      [`?subject=${'x'.repeat(201)}`, 400, 'Podaj przedmiot wpisu jako jego identyfikator (klucz produktu lub artykułu, id użytkownika lub kampanii), do 200 znaków.',
        'Give the entry\'s subject by its id (a product\'s or article\'s key, a user\'s or campaign\'s id), up to 200 characters.'],
    ];
    for (const [query, status, pl, en] of cases) {
      const polish = await audit(query, admin);
      expect([polish.status, await polish.json()], query).toEqual([status, { message: pl }]);
      const english = await audit(query, { ...admin, cookie: 'lang=en' });
      expect([english.status, await english.json()], query).toEqual([status, { message: en }]);
    }
  });
});
