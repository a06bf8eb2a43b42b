import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('GET /api/admin/attendees/{productKey} (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });
  const attendees = (key: string, headers: Record<string, string> = {}, query = '') =>
    fetch(`${server.url}/api/admin/attendees/${key}${query}`, { headers: { cookie: 'lang=en', ...headers } });

  it('answers 401 without a session and 403 for a user, in the caller\'s language', async () => {
    const user = await signUp(server, smtp, 'zwykla@example.com', 'Ola Zwykła');
    const anonymous = await attendees(DEMO_KEYS.shame);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'You need to be logged in.' }]);
    const forbidden = await attendees(DEMO_KEYS.shame, { ...bearer(user.token), cookie: 'lang=pl' });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toMatch(/\S/);
    expect((await attendees(DEMO_KEYS.shame, bearer(user.token), '?format=csv')).status).toBe(403);
  });

  it('lists every payment with name, e-mail, phone, purchase date, amount, currency and state, oldest first, with totals', async () => {
    const first = await signUp(server, smtp, 'pierwsza@example.com', 'Ewa Pierwsza');
    const second = await signUp(server, smtp, 'druga@example.com', 'Jan Drugi');
    await signUp(server, smtp, 'nie-kupila@example.com', 'Ida Niekupująca');
    await buyWithDevCheckout(server, first.token, DEMO_KEYS.fieldTheory, 'price_demo_field_theory_pln');
    await buyWithDevCheckout(server, second.token, DEMO_KEYS.fieldTheory, 'price_demo_field_theory_eur');
    const res = await attendees(DEMO_KEYS.fieldTheory, bearer(admin.token));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { product: object; attendees: { name: string; email: string; phone: string; purchaseDate: string }[] };
    expect(body.product).toEqual({ key: DEMO_KEYS.fieldTheory, title: 'Teoria pola w pracy z grupą', titleEn: 'Field Theory in Group Work' });
    expect(body.attendees.map((a) => [a.name, a.email, a.phone])).toEqual([
      ['Ewa Pierwsza', 'pierwsza@example.com', '+48 600 100 200'],
      ['Jan Drugi', 'druga@example.com', '+48 600 100 200'],
    ]);
    const [a, b] = body.attendees.map((x) => Date.parse(x.purchaseDate));
    expect(a).toBeLessThanOrEqual(b!);
    const full = body as unknown as { attendees: { amount: number; currency: string; state: string }[]; totals: { paid: { currency: string; count: number }[]; granted: number } };
    expect(full.attendees.map((x) => [x.currency, x.state])).toEqual([['PLN', 'paid'], ['EUR', 'paid']]);
    expect(full.attendees.every((x) => Number.isInteger(x.amount) && x.amount > 0)).toBe(true);
    expect(full.totals.paid.map((t) => [t.currency, t.count])).toEqual([['EUR', 1], ['PLN', 1]]);
    expect(full.totals.granted).toBe(0);
    expect((await (await attendees(DEMO_KEYS.breath, bearer(admin.token))).json()).attendees).toEqual([]);
  });

  it('answers the same list as a CSV Excel opens: byte-order mark, the chosen separator, amounts, Warsaw time, totals, every formula guarded', async () => {
    // A name is letters and the punctuation of names; a phone number is free text, so the hostile values arrive there.
    const buyer = await signUp(server, smtp, 'csv@example.com', "Ewa O'Brien-Nowak", "600;=cmd|' /C calc'!A0,@SUM(1)\t+1");
    const plain = await signUp(server, smtp, 'telefon@example.com', 'Jan Telefon', '+48 600 100 200');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    await buyWithDevCheckout(server, plain.token, DEMO_KEYS.trauma, 'price_demo_trauma_eur');
    const res = await attendees(DEMO_KEYS.trauma, bearer(admin.token), '?format=csv&separator=semicolon');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="attendees-${DEMO_KEYS.trauma}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3)), 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('"Name";"E-mail";"Phone";"Purchase date (Warsaw time)";"Amount";"Currency";"Payment";"Reason";"Refunded"');
    expect(lines[1]).toMatch(/^"Ewa O'Brien-Nowak";"csv@example\.com";"600;'=cmd\|' \/C calc'!A0,'@SUM\(1\)\t'\+1";"\d{4}-\d\d-\d\d \d\d:\d\d";"\d+";"PLN";"paid";"";""$/);
    // A phone number shows as written, with no apostrophe before it.
    expect(lines[2]).toMatch(/^"Jan Telefon";"telefon@example\.com";"\+48 600 100 200";"[\d :-]+";"\d+";"EUR";"paid";"";""$/);
    // However a spreadsheet splits the line, no cell it makes starts a formula.
    for (const separator of [/,/, /;/, /\t/]) {
      expect(lines[1]!.split(separator).map((cell) => cell.replace(/^[ "]+/, '')).filter((cell) => /^[=+\-@]/.test(cell)), String(separator)).toEqual([]);
    }
    expect(lines[3]).toBe('');
    expect(lines.slice(4, 7).map((l) => l.split(';').slice(0, 1).concat(l.split(';').slice(5, 7)))).toEqual([
      ['"Payments: 1"', '"EUR"', '"paid"'], ['"Payments: 1"', '"PLN"', '"paid"'], ['"Granted by hand: 0"', '""', '"granted by hand"'],
    ]);
    // The purchase date is on Warsaw's clock: the JSON's instant, moved to Europe/Warsaw.
    const json = (await (await attendees(DEMO_KEYS.trauma, bearer(admin.token))).json()) as { attendees: { purchaseDate: string }[] };
    const warsaw = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' }).format(new Date(json.attendees[0]!.purchaseDate));
    expect(lines[1]).toContain(`"${warsaw}"`);
    const polish = await attendees(DEMO_KEYS.trauma, { ...bearer(admin.token), cookie: 'lang=pl' }, '?format=csv');
    expect((await polish.text()).split('\r\n')[0]).toBe('"Imię i nazwisko","E-mail","Telefon","Data zakupu (czas warszawski)","Kwota","Waluta","Płatność","Powód","Zwrócono"');
    expect((await attendees(DEMO_KEYS.trauma, bearer(admin.token), '?format=csv&separator=tab')).status).toBe(400);
  });

  it('answers 404 Nieznany film (Unknown film in English) for an unknown product, also for the CSV', async () => {
    const polish = await attendees('nie-ma-takiego', { ...bearer(admin.token), cookie: 'lang=pl' });
    expect([polish.status, await polish.json()]).toEqual([404, { message: 'Nieznany film' }]);
    const english = await attendees('nie-ma-takiego', bearer(admin.token), '?format=csv');
    expect([english.status, await english.json()]).toEqual([404, { message: 'Unknown film' }]);
  });
});
