import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { textOf } from '../support/pdf.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const institute = {
  name: 'Instytut Gestalt – Żółć sp. z o.o.', address: { street: 'ul. Żurawia 6/12', postalCode: '00-503', city: 'Warszawa', country: 'PL' },
  nip: '123-456-32-18', bankAccount: '', series: { invoice: 'FV', correction: 'KOR' }, placeOfIssue: 'Warszawa', defaultVat: { kind: 'rate', rate: 23 },
};
const company = { name: 'Gabinet Źdźbło Łąka Ćma', nip: '111-111-11-11', address: { street: 'ul. Ślężna 5', postalCode: '31-001', city: 'Kraków', country: 'PL' } };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
type Summary = { invoiceId: string; purchaseId: string; number: string; kind: string; grossMinor: number; ksef: string };

describe('invoices over HTTP: asked at checkout and later, mailed as a PDF, fetched by the buyer or an admin, listed for the accountant', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let buyers = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'ksiegowa@example.com' });
    admin = (await signUp(server, smtp, 'ksiegowa@example.com')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = async (method: string, path: string, opts: { token?: string; lang?: 'pl' | 'en'; body?: unknown } = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: `lang=${opts.lang ?? 'pl'}`, ...(opts.token ? bearer(opts.token) : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    return res;
  };
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string; issues?: { field: string; message: string }[] } });
  const newBuyer = () => signUp(server, smtp, `fakturowa-${++buyers}@example.com`, 'Ewa Fakturowa');
  const checkout = (token: string, invoice: unknown, lang: 'pl' | 'en' = 'pl') => call('POST', '/create-checkout-session', {
    token, lang, body: { priceId: 'price_demo_shame_pln', video: { key: DEMO_KEYS.shame }, invoice },
  });
  const invoicesOf = async (token: string) => (await (await call('GET', '/api/user/invoices', { token })).json()) as { invoices: Summary[]; requested: string[] };
  const until = async <T>(read: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = await read();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`waited for ${what}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  const mailTo = (to: string, subject: RegExp) => until(async () => smtp.received.find((m) => m.envelopeTo.includes(to) && subject.test(m.parsed.subject ?? '')), `mail ${subject} to ${to}`);

  it('says no invoices can be asked for until the seller is filled in: the checkout with a request is refused 409, nothing bought', async () => {
    const ewa = await newBuyer();
    expect(await json(await checkout(ewa.token, company))).toEqual({ status: 409, body: { message: 'Faktury nie są jeszcze wystawiane: instytut nie uzupełnił danych sprzedawcy.' } });
    expect((await call('PUT', '/api/admin/invoicing/seller', { token: admin, body: institute })).status).toBe(200);
  });

  it('checks the buyer at once, each field in the caller\'s language, and consumes nothing', async () => {
    const ewa = await newBuyer();
    const badNip = await json(await checkout(ewa.token, { ...company, nip: '111-111-11-12' }));
    expect(badNip.status).toBe(400);
    expect(badNip.body.issues).toEqual([{ field: 'invoice.nip', message: 'Ten NIP ma błędną cyfrę kontrolną. Sprawdź, czy nie ma literówki.' }]);
    const english = await json(await checkout(ewa.token, { ...company, nip: '12345' }, 'en'));
    expect(english.body.issues).toEqual([{ field: 'invoice.nip', message: 'A NIP has 10 digits.' }]);
    // A NUL byte is refused at the edge, before any field is read.
    expect((await checkout(ewa.token, { ...company, name: 'Firma\u0000' })).status).toBe(400);
    const hostile = await json(await checkout(ewa.token, { name: `Firma\r\nBcc: x@example.com${'x'.repeat(400)}`, nip: '', address: { street: '', postalCode: '1234', city: 'Kraków' } }));
    expect(hostile.status).toBe(400);
    expect(hostile.body.issues?.map((i) => i.field).sort()).toEqual(['invoice.address.postalCode', 'invoice.address.street', 'invoice.name']);
    const nipInEuro = await json(await call('POST', '/create-checkout-session', { token: ewa.token, body: { priceId: 'price_demo_shame_eur', video: { key: DEMO_KEYS.shame }, invoice: company } }));
    expect(nipInEuro).toEqual({ status: 400, body: { message: 'Faktury z NIP wystawiamy do zakupów w złotych (PLN).', issues: [{ field: 'nip', message: 'Faktury z NIP wystawiamy do zakupów w złotych (PLN).' }] } });
    expect((await invoicesOf(ewa.token)).invoices).toEqual([]);
  });

  it('issues the invoice with the payment, mails it as a PDF, and serves the same bytes to the buyer and an admin only', async () => {
    const ewa = await newBuyer();
    const other = await newBuyer();
    await buyWithDevCheckout(server, ewa.token, DEMO_KEYS.shame, 'price_demo_shame_pln', undefined, { invoice: company });
    const invoice = await until(async () => (await invoicesOf(ewa.token)).invoices[0], 'the invoice');
    expect(invoice.number).toMatch(/^FV\/2026\/\d{6}$/);
    const mail = await mailTo(ewa.email, new RegExp(`^Faktura ${invoice.number.replaceAll('/', '\\/')}$`));
    const attachment = mail.parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(attachment.filename).toBe(`${invoice.number.replaceAll('/', '-')}.pdf`);
    const text = await textOf(attachment.content);
    for (const shown of [institute.name, '1234563218', company.name, '1111111111', 'ul. Ślężna 5', invoice.number, 'Faktura VAT']) expect(text).toContain(shown);

    const download = await call('GET', `/api/invoices/${invoice.invoiceId}/pdf`, { token: ewa.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toContain('no-store');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(sha256(bytes)).toBe(sha256(attachment.content));
    expect(sha256(new Uint8Array(await (await call('GET', `/api/invoices/${invoice.invoiceId}/pdf`, { token: admin })).arrayBuffer()))).toBe(sha256(bytes));
    expect((await call('GET', `/api/invoices/${invoice.invoiceId}/pdf`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/api/invoices/${invoice.invoiceId}/pdf`)).status).toBe(401);
    expect((await call('GET', '/api/invoices/..%2F..%2Fetc%2Fpasswd/pdf', { token: ewa.token })).status).toBe(404);
    const xml = await call('GET', `/api/admin/invoices/${invoice.invoiceId}/xml`, { token: admin });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toContain(`<P_2>${invoice.number}</P_2>`);
    expect((await call('GET', `/api/admin/invoices/${invoice.invoiceId}/xml`, { token: ewa.token })).status).toBe(403);
  });

  it('issues a later request at once, once; refuses another buyer\'s purchase; a refund corrects it in the KOR series', async () => {
    const ewa = await newBuyer();
    const other = await newBuyer();
    await buyWithDevCheckout(server, ewa.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const users = (await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.trauma}`, { token: admin })).json()) as { attendees: { email: string; purchaseId: string }[] };
    const purchaseId = users.attendees.find((a) => a.email === ewa.email)!.purchaseId;
    expect((await call('POST', `/api/user/purchases/${purchaseId}/invoice`, { token: other.token, body: company })).status).toBe(404);
    const asked = await call('POST', `/api/user/purchases/${purchaseId}/invoice`, { token: ewa.token, lang: 'en', body: { ...company, nip: '' } });
    expect(asked.status).toBe(201);
    const [invoice] = ((await asked.json()) as { invoices: Summary[] }).invoices;
    expect(invoice).toMatchObject({ purchaseId, kind: 'invoice', ksef: 'none' });
    expect(await json(await call('POST', `/api/user/purchases/${purchaseId}/invoice`, { token: ewa.token, lang: 'en', body: company })))
      .toEqual({ status: 409, body: { message: 'An invoice has already been requested for this purchase.' } });
    await mailTo(ewa.email, /^Invoice FV\//);

    const refunded = await call('POST', `/api/admin/purchases/${purchaseId}/refunds`, { token: admin, body: { amountMinor: 1234, reason: 'Zwrot części' } });
    expect(refunded.status).toBeLessThan(300);
    const correction = await until(async () => (await invoicesOf(ewa.token)).invoices.find((d) => d.kind === 'correction'), 'the correction');
    expect(correction).toMatchObject({ grossMinor: -1234 });
    expect(correction.number).toMatch(/^KOR\/2026\/\d{6}$/);
    const mail = await mailTo(ewa.email, /^Correction invoice KOR\//);
    expect(await textOf(mail.parsed.attachments[0]!.content)).toContain(invoice!.number);

    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' }).format(new Date());
    const list = (await (await call('GET', `/api/admin/invoices?month=${month}`, { token: admin })).json()) as { invoices: Summary[] };
    expect(list.invoices.map((d) => d.number)).toEqual(expect.arrayContaining([invoice!.number, correction.number]));
    const csv = await call('GET', `/api/admin/invoices?month=${month}&format=csv&separator=semicolon`, { token: admin });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).split('\r\n');
    expect(rows[0]).toContain('"Numer";"Rodzaj"');
    expect(rows.find((r) => r.startsWith(`"${correction.number}"`))).toContain('"-12.34"');
    expect((await call('GET', '/api/admin/invoices?month=2026-13', { token: admin })).status).toBe(400);
    expect((await call('GET', `/api/admin/invoices?month=${month}`, { token: ewa.token })).status).toBe(403);
  });

  it('keeps a buyer\'s formula out of the accountant\'s spreadsheet', async () => {
    const ewa = await newBuyer();
    await buyWithDevCheckout(server, ewa.token, DEMO_KEYS.contactStyles, 'price_demo_contact_styles_pln', undefined, { invoice: { ...company, name: '=HYPERLINK("http://evil.example","Faktura")' } });
    await until(async () => (await invoicesOf(ewa.token)).invoices[0], 'the invoice');
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' }).format(new Date());
    const csv = await (await call('GET', `/api/admin/invoices?month=${month}&format=csv`, { token: admin })).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Faktura"")"`);
  });
});
