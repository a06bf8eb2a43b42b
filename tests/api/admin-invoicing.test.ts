import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Answer = { status: number; body: Record<string, unknown> & { message?: string; issues?: { field: string; message: string }[] } };
type AuditItem = { event: string; actor: { id: string; name: string | null } | null; subject: { kind: string; id: string } | null; summary: string };

const institute = {
  name: 'Instytut Gestalt sp. z o.o.', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' },
  nip: '123-456-32-18', bankAccount: 'PL61 1090 1014 0000 0712 1981 2874', series: { invoice: 'FV', correction: 'KOR' },
  placeOfIssue: 'Warszawa', defaultVat: { kind: 'exempt', basis: 'art. 43 ust. 1 pkt 29 lit. a ustawy o VAT' },
};

describe('invoicing settings: GET/PUT /api/admin/invoicing/seller, GET /api/admin/invoicing/vat, GET/PUT …/vat/{productKey}', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let adminId: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'ksiegowa@example.com' });
    // The first start made the admin's account, named "Administrator"; signing up sets its password.
    admin = (await signUp(server, smtp, 'ksiegowa@example.com')).token;
    const users = (await (await fetch(`${server.url}/api/users`, { headers: bearer(admin) })).json()) as { id: string; email: string }[];
    adminId = users.find((u) => u.email === 'ksiegowa@example.com')!.id;
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
  const audit = async () => ((await call('GET', '/api/admin/audit?type=invoicing', { token: admin })).body as unknown as { items: AuditItem[] }).items;

  it('refuses every route without a session (401) and for a user (403)', async () => {
    const routes: [string, string, unknown?][] = [['GET', '/api/admin/invoicing/seller'], ['PUT', '/api/admin/invoicing/seller', institute], ['GET', '/api/admin/invoicing/vat'],
      ['GET', `/api/admin/invoicing/vat/${DEMO_KEYS.trauma}`], ['PUT', `/api/admin/invoicing/vat/${DEMO_KEYS.trauma}`, { treatment: { kind: 'rate', rate: 8 } }]];
    for (const [method, path, body] of routes) {
      expect(await call(method, path, { body }), `${method} ${path}`).toEqual({ status: 401, body: { message: 'Musisz być zalogowany.' } });
      expect(await call(method, path, { body, token: user, lang: 'en' }), `${method} ${path}`).toEqual({ status: 403, body: { message: 'Access denied.' } });
    }
    expect(await audit()).toEqual([]);
  });

  it('says a new install issues no invoices, naming what is missing, with the FV and KOR series and 23% VAT', async () => {
    const seller = await call('GET', '/api/admin/invoicing/seller', { token: admin });
    expect(seller.status).toBe(200);
    expect(seller.body).toMatchObject({
      settings: { name: '', nip: '', series: { invoice: 'FV', correction: 'KOR' }, defaultVat: { kind: 'rate', rate: 23 } },
      readiness: { ready: false, missing: ['name', 'address.street', 'address.postalCode', 'address.city', 'nip', 'placeOfIssue'] },
    });
  });

  it('refuses a bad NIP, bank account and postal code with a message beside each field, in Polish and English, and records nothing', async () => {
    const bad = { ...institute, nip: '123-456-32-19', bankAccount: 'PL61 1090 1014 0000 0712 1981 2875', address: { ...institute.address, postalCode: '00503' } };
    expect(await call('PUT', '/api/admin/invoicing/seller', { token: admin, body: bad })).toEqual({ status: 400, body: {
      message: 'Polski kod pocztowy ma postać 00-000.',
      issues: [
        { field: 'address.postalCode', message: 'Polski kod pocztowy ma postać 00-000.' },
        { field: 'nip', message: 'Ten NIP ma błędną cyfrę kontrolną. Sprawdź, czy nie ma literówki.' },
        { field: 'bankAccount', message: 'Ten numer rachunku ma błędne cyfry kontrolne. Sprawdź, czy nie ma literówki.' },
      ],
    } });
    const english = await call('PUT', '/api/admin/invoicing/seller', { token: admin, lang: 'en', body: { ...institute, nip: '12345', bankAccount: 'DE89370400440532013000' } });
    expect(english).toEqual({ status: 400, body: { message: 'A NIP has 10 digits.', issues: [
      { field: 'nip', message: 'A NIP has 10 digits.' }, { field: 'bankAccount', message: 'Give an account at a Polish bank (a number starting with PL).' },
    ] } });
    expect((await call('PUT', '/api/admin/invoicing/seller', { token: admin, lang: 'en', body: { ...institute, nip: '12345632I8' } })).body.issues)
      .toEqual([{ field: 'nip', message: 'A NIP holds digits only (spaces or dashes allowed).' }]);
    expect((await call('PUT', '/api/admin/invoicing/seller', { token: admin, body: { ...institute, name: 'Instytut\u0007', series: { invoice: 'FV', correction: 'FV' } } })).body.issues).toEqual([
      { field: 'name', message: 'Ten tekst zawiera niedozwolone znaki sterujące.' }, { field: 'series', message: 'Faktury i korekty muszą mieć różne prefiksy serii.' },
    ]);
    expect((await call('PUT', '/api/admin/invoicing/seller', { token: admin, body: { ...institute, name: 'x'.repeat(301) } })).body.issues)
      .toEqual([{ field: 'name', message: 'Ten tekst jest za długi.' }]);
    expect(await audit()).toEqual([]);
  });

  it('saves the seller normalized, is then ready, and the audit trail names the admin and the fields changed', async () => {
    const saved = await call('PUT', '/api/admin/invoicing/seller', { token: admin, body: institute });
    expect(saved).toEqual({ status: 200, body: {
      settings: { ...institute, nip: '1234563218', bankAccount: 'PL61109010140000071219812874' }, readiness: { ready: true, missing: [] },
    } });
    expect((await call('GET', '/api/admin/invoicing/seller', { token: admin })).body).toEqual(saved.body);
    expect((await call('PUT', '/api/admin/invoicing/seller', { token: admin, body: { ...institute, placeOfIssue: 'Kraków' } })).status).toBe(200);
    const entries = await audit();
    expect(entries.map((e) => [e.event, e.actor, e.subject, e.summary])).toEqual([
      ['SellerSettingsChanged', { id: adminId, name: 'Administrator' }, null, 'Zmieniono dane sprzedawcy do faktur: miejsce wystawienia'],
      ['SellerSettingsChanged', { id: adminId, name: 'Administrator' }, null,
        'Zmieniono dane sprzedawcy do faktur: adres, rachunek bankowy, domyślny VAT, nazwa, NIP, miejsce wystawienia'],
    ]);
  });

  it('gives a product the default VAT until it has its own, records the change in the audit trail, and refuses an unknown product or a bad treatment', async () => {
    const path = `/api/admin/invoicing/vat/${DEMO_KEYS.trauma}`;
    expect((await call('GET', path, { token: admin })).body).toEqual({ productKey: DEMO_KEYS.trauma, own: null, effective: institute.defaultVat });
    expect(await call('PUT', path, { token: admin, body: { treatment: { kind: 'rate', rate: 8 } } }))
      .toEqual({ status: 200, body: { productKey: DEMO_KEYS.trauma, own: { kind: 'rate', rate: 8 }, effective: { kind: 'rate', rate: 8 } } });
    expect((await call('GET', '/api/admin/invoicing/vat', { token: admin })).body).toEqual({ products: { [DEMO_KEYS.trauma]: { kind: 'rate', rate: 8 } }, default: institute.defaultVat });
    expect(await call('PUT', path, { token: admin, lang: 'en', body: { treatment: { kind: 'rate', rate: 7 } } })).toEqual({ status: 400, body: {
      message: 'Choose a VAT rate (23, 8, 5 or 0%) or an exemption with its legal basis.', issues: [{ field: 'treatment.rate', message: 'Choose a VAT rate (23, 8, 5 or 0%) or an exemption with its legal basis.' }],
    } });
    expect((await call('PUT', path, { token: admin, body: { treatment: { kind: 'exempt', basis: ' ' } } })).body.issues)
      .toEqual([{ field: 'treatment.basis', message: 'Podaj podstawę prawną zwolnienia, np. art. 43 ust. 1 pkt 29 lit. a ustawy o VAT.' }]);
    expect((await call('PUT', '/api/admin/invoicing/vat/no-such-product', { token: admin, body: { treatment: null } })).status).toBe(404);
    expect((await call('GET', '/api/admin/invoicing/vat/no-such-product', { token: admin })).status).toBe(404);
    const [latest] = await audit();
    expect(latest).toMatchObject({ event: 'VatTreatmentSet', actor: { id: adminId }, subject: { kind: 'product', id: DEMO_KEYS.trauma }, summary: expect.stringMatching(/^VAT produktu .+: stawka 8%$/) });
  });
});
