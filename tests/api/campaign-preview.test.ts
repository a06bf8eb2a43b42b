import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

describe('a mass e-mail previewed and tried on its author before it goes out', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', SITE_NAME: 'Gestalt Test' });
    admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
    user = (await signUp(server, smtp, 'odbiorca@example.com', 'Jan Odbiorca')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const post = (path: string, body: unknown, token = admin) => fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: 'lang=en', ...bearer(token) }, body: JSON.stringify(body),
  });
  const letter = { subject: 'Nowy trening <b>jesienią</b>', body: 'Zapraszamy!\n<script>alert(1)</script>' };

  it('previews the letter with the real mail\'s frame, escaped, in either language, and sends nothing', async () => {
    const before = smtp.received.length;
    const pl = await post('/api/admin/campaigns/preview', letter);
    expect(pl.status).toBe(200);
    const shown = (await pl.json()) as { subject: string; text: string; html: string };
    expect(shown.subject).toBe('Nowy trening <b>jesienią</b>');
    // The first start named the admin's account "Administrator": the greeting is the recipient's, as in the real mail.
    expect(shown.text).toMatch(/^Dzień dobry Administrator,/);
    expect(shown.text).toContain('Zespół Gestalt Test');
    expect(shown.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown.html).not.toContain('<script>');
    expect(shown.html).toContain('/unsubscribe/');
    const en = (await (await post('/api/admin/campaigns/preview', { ...letter, language: 'en' })).json()) as { text: string };
    expect(en.text).toMatch(/^Hello Administrator,/);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.length).toBe(before);
  });

  it('sends a test to the signed-in admin alone, marked as a test, and starts no campaign', async () => {
    const before = smtp.received.length;
    const res = await post('/api/admin/campaigns/test', letter);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'A test message was sent to szefowa@example.com.', to: 'szefowa@example.com' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelopeTo).toEqual(['szefowa@example.com']);
    expect(mail!.parsed.subject).toBe('[TEST] Nowy trening <b>jesienią</b>');
    expect(mail!.parsed.text).toContain('Zapraszamy!');
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.slice(before).flatMap((m) => m.envelopeTo)).toEqual(['szefowa@example.com']);
    const campaigns = await fetch(`${server.url}/api/admin/campaigns`, { headers: bearer(admin) });
    expect(await campaigns.json()).toEqual({ items: [] });
  });

  it('refuses a user (403), an empty letter (400) and a language it does not have (400)', async () => {
    expect((await post('/api/admin/campaigns/preview', letter, user)).status).toBe(403);
    expect((await post('/api/admin/campaigns/test', letter, user)).status).toBe(403);
    const empty = await post('/api/admin/campaigns/test', { subject: ' ', body: 'x' });
    expect(empty.status).toBe(400);
    expect((await post('/api/admin/campaigns/preview', { ...letter, language: 'de' })).status).toBe(400);
  });
});
