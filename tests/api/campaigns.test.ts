import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, linkFromMail, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp, type ReceivedMail } from '../support/smtp.ts';

type Progress = { id: string; subject: string; target: string; startedAt: string; total: number; sent: number; pending: number; failed: number; unsubscribed: number };

describe('mass e-mail: POST /api/mass-email, progress, unsubscribe', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string };
  let buyer: { token: string; email: string };
  let other: { token: string; email: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', MAIL_RATE: '0' });
    admin = await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa');
    buyer = await signUp(server, smtp, 'kupujaca@example.com', 'Ewa Kupująca');
    other = await signUp(server, smtp, 'inna@example.com', 'Ola Inna');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.fieldTheory, 'price_demo_field_theory_pln');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const send = (body: unknown, headers: Record<string, string> = {}) => fetch(`${server.url}/api/mass-email`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...bearer(admin.token), ...headers }, body: JSON.stringify(body),
  });
  const get = (path: string, headers: Record<string, string> = bearer(admin.token)) => fetch(`${server.url}${path}`, { headers });
  const answer = async (res: Response) => [res.status, await res.json()];
  const campaignMails = (id: string) => smtp.received.filter((m) => m.raw.includes(`<campaign-${id}-`));
  async function finished(id: string): Promise<Progress> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const progress = (await (await get(`/api/admin/campaigns/${id}`)).json()) as Progress;
      if (progress.pending === 0) return progress;
      if (Date.now() > deadline) throw new Error(`campaign still pending: ${JSON.stringify(progress)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  const header = (mail: ReceivedMail, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' '))?.[1];

  it('answers 401 without a session and 403 for a user on every campaign route', async () => {
    const valid = { subject: 'S', body: 'B', target: 'all' };
    const anonymous = await fetch(`${server.url}/api/mass-email`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'lang=en' }, body: JSON.stringify(valid) });
    expect(await answer(anonymous)).toEqual([401, { message: 'You need to be logged in.' }]);
    expect((await send(valid, bearer(other.token))).status).toBe(403);
    for (const path of ['/api/admin/campaigns', '/api/admin/campaigns/anything']) {
      expect((await get(path, {})).status).toBe(401);
      expect((await get(path, bearer(other.token))).status).toBe(403);
    }
    expect((await (await get('/api/admin/campaigns')).json()).items).toEqual([]);
  });

  it('refuses a blank subject or body and an unknown product, in both languages, and starts nothing', async () => {
    for (const body of [{ subject: ' ', body: 'Treść', target: 'all' }, { subject: 'Tytuł', body: '\n \n', target: 'all' }, { target: 'all' }]) {
      expect(await answer(await send(body))).toEqual([400, { message: 'Tytuł i treść e-maila nie mogą być puste.' }]);
      expect(await answer(await send(body, { cookie: 'lang=en' }))).toEqual([400, { message: 'The e-mail subject and body cannot be empty.' }]);
    }
    expect(await answer(await send({ subject: 'S', body: 'B', target: 'nie-ma-takiego' }))).toEqual([404, { message: 'Nieznany film' }]);
    expect(await answer(await send({ subject: 'S', body: 'B', target: 'nie-ma-takiego', language: 'en' }))).toEqual([404, { message: 'Unknown film' }]);
    expect((await (await get('/api/admin/campaigns')).json()).items).toEqual([]);
    expect(await answer(await get('/api/admin/campaigns/nie-ma-takiej'))).toEqual([404, { message: 'Nie znaleziono wysyłki.' }]);
  });

  it('mails a product\'s buyers once each, as text and escaped HTML with one-click unsubscribe headers', async () => {
    const res = await send({
      subject: 'Nowość\r\nBcc: intruz@example.com', body: 'Zapraszamy <b>serdecznie</b> & <script>alert(1)</script>\nDruga linia\n.\nPo kropce', target: DEMO_KEYS.fieldTheory,
    });
    expect(res.status).toBe(200);
    const { message, campaignId } = (await res.json()) as { message: string; campaignId: string };
    expect(message).toBe('E-mail jest wysyłany.');
    const progress = await finished(campaignId);
    expect(progress).toMatchObject({ id: campaignId, target: DEMO_KEYS.fieldTheory, subject: 'Nowość Bcc: intruz@example.com', total: 1, sent: 1, pending: 0, failed: 0, unsubscribed: 0 });
    const mails = campaignMails(campaignId);
    expect(mails.map((m) => m.envelopeTo)).toEqual([[buyer.email]]);
    const [mail] = mails as [ReceivedMail];
    expect(mail.parsed.subject).toBe('Nowość Bcc: intruz@example.com');
    expect(header(mail, 'Bcc')).toBeUndefined();
    expect(mail.parsed.messageId).toMatch(new RegExp(`^<campaign-${campaignId}-[0-9a-f-]+@127\\.0\\.0\\.1>$`));
    const unsubscribe = header(mail, 'List-Unsubscribe')!;
    // The https one-click link alone: no mailto to MAIL_FROM, a mailbox nobody reads.
    expect(unsubscribe).toMatch(new RegExp(`^<${server.url.replace(/[.:/]/g, '\\$&')}/unsubscribe/[A-Za-z0-9._-]+>$`));
    expect(mail.raw).not.toContain('mailto:');
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.text).toContain('Dzień dobry Ewa Kupująca,');
    expect(mail.parsed.text).toContain('Zapraszamy <b>serdecznie</b> & <script>alert(1)</script>\nDruga linia\n.\nPo kropce');
    const html = String(mail.parsed.html);
    expect(html).toContain('Zapraszamy &lt;b&gt;serdecznie&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;<br>\nDruga linia<br>\n.<br>\nPo kropce');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    const link = /<(http[^>]+)>/.exec(unsubscribe)![1]!;
    expect(html).toContain(`<a href="${link}">`);
    expect(mail.parsed.text).toContain(link);
  });

  it('answers the same campaign for a repeated Idempotency-Key from the same admin and sends nothing new', async () => {
    const body = { subject: 'Raz', body: 'Tylko raz', target: DEMO_KEYS.fieldTheory };
    const first = (await (await send(body, { 'idempotency-key': 'klucz-1' })).json()) as { campaignId: string };
    const again = (await (await send({ ...body, body: 'Zmieniona' }, { 'idempotency-key': 'klucz-1' })).json()) as { campaignId: string };
    expect(again.campaignId).toBe(first.campaignId);
    const fresh = (await (await send(body, { 'idempotency-key': 'klucz-2' })).json()) as { campaignId: string };
    expect(fresh.campaignId).not.toBe(first.campaignId);
    // Nothing pending and one message sent: every delivery is over, so a second copy could no longer come.
    expect((await finished(first.campaignId)).sent).toBe(1);
    await finished(fresh.campaignId);
    expect(campaignMails(first.campaignId)).toHaveLength(1);
    expect(campaignMails(first.campaignId)[0]!.parsed.text).toContain('Tylko raz');
    const items = ((await (await get('/api/admin/campaigns')).json()) as { items: Progress[] }).items;
    expect(items.filter((i) => i.id === first.campaignId)).toHaveLength(1);
    expect(items[0]!.id).toBe(fresh.campaignId);
    expect(items.map((i) => i.startedAt)).toEqual(items.map((i) => i.startedAt).sort().reverse());
  });

  it('unsubscribes on POST only (one-click, no cookie, any origin); the next campaign skips them, account mail still reaches them', async () => {
    const before = (await (await send({ subject: 'Do wszystkich', body: 'Cześć', target: 'all' })).json()) as { campaignId: string };
    expect(await finished(before.campaignId)).toMatchObject({ total: 3, sent: 3, unsubscribed: 0 });
    const mine = campaignMails(before.campaignId).find((m) => m.envelopeTo.includes(other.email))!;
    const link = /<(http[^>]+)>/.exec(header(mine, 'List-Unsubscribe')!)![1]!;

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('Wypisz mnie');
    expect(await (await fetch(link, { headers: { cookie: 'lang=en' } })).text()).toContain('Unsubscribe me');
    const stillSubscribed = (await (await send({ subject: 'Po GET', body: 'Nadal', target: 'all' })).json()) as { campaignId: string };
    expect(await finished(stillSubscribed.campaignId)).toMatchObject({ total: 3, sent: 3, unsubscribed: 0 });

    const oneClick = await fetch(link, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Wypisano Cię z naszych wiadomości.');
    const multipart = await fetch(link, { method: 'POST', body: (() => { const f = new FormData(); f.set('List-Unsubscribe', 'One-Click'); return f; })() });
    expect(multipart.status).toBe(200);

    const after = (await (await send({ subject: 'Po wypisaniu', body: 'Bez Oli', target: 'all' })).json()) as { campaignId: string };
    expect(await finished(after.campaignId)).toMatchObject({ total: 3, sent: 2, unsubscribed: 1, pending: 0, failed: 0 });
    expect(campaignMails(after.campaignId).flatMap((m) => m.envelopeTo).sort()).toEqual([buyer.email, 'szefowa@example.com'].sort());

    const reset = await fetch(`${server.url}/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email: other.email }) });
    expect(reset.status).toBe(200);
    expect(await linkFromMail(smtp, other.email, 'reset-password')).toMatch(/\/reset-password\//);
  });

  it('answers 404 for an unsubscribe link that is not ours, on GET and POST', async () => {
    const [userId] = /\/unsubscribe\/([^.]+)\./.exec(smtp.received.find((m) => m.raw.includes('List-Unsubscribe'))!.raw)!.slice(1);
    for (const token of [`${userId}.forged`, 'nothing', `${userId}`]) {
      expect((await fetch(`${server.url}/unsubscribe/${token}`)).status).toBe(404);
      expect((await fetch(`${server.url}/unsubscribe/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(404);
    }
  });
});

describe('campaign mail is paced by MAIL_RATE and never holds back account mail', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', MAIL_RATE: '1' });
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('sends 1 campaign message a second while a password reset goes out at once', { timeout: 60_000 }, async () => {
    const admin = await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa');
    const people = [];
    for (const name of ['a', 'b', 'c', 'd']) people.push(await signUp(server, smtp, `osoba-${name}@example.com`, `Osoba ${name}`));
    const started = Date.now();
    const res = await fetch(`${server.url}/api/mass-email`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...bearer(admin.token) },
      body: JSON.stringify({ subject: 'Powoli', body: 'Po kolei', target: 'all' }),
    });
    const { campaignId } = (await res.json()) as { campaignId: string };
    await fetch(`${server.url}/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ email: people[3]!.email }) });
    // Queued requests are picked up at the worker's next poll (2 s); the campaign lane is a worker of its own.
    await linkFromMail(smtp, people[3]!.email, 'reset-password', 3500);
    const atReset = (await (await fetch(`${server.url}/api/admin/campaigns/${campaignId}`, { headers: bearer(admin.token) })).json()) as Progress;
    expect(atReset.pending, 'the reset mail did not wait for the campaign').toBeGreaterThan(0);
    const deadline = Date.now() + 20_000;
    while (smtp.received.filter((m) => m.raw.includes(`<campaign-${campaignId}-`)).length < 5) {
      if (Date.now() > deadline) throw new Error('campaign not delivered');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Five messages at one a second: the last one no sooner than four seconds after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
  });
});
