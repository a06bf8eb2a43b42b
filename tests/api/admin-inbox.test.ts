import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Item = { id: string; fromName: string; email: string; lang: string; excerpt: string; receivedAt: string; read: boolean };
type Listing = { items: Item[]; page: number; pageSize: number; total: number; unread: number };

describe('the admin\'s inbox of contact messages (GET/PUT /api/admin/contact-messages)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  let user: { token: string; email: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', CONTACT_TO: 'biuro@gestalt.test' });
    admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
    user = await signUp(server, smtp, 'Pisze.Czesto@example.com', 'Ola Pisząca');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const contact = async (fromName: string, email: string, message: string, lang = 'pl') => {
    const res = await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fromName, email, message, language: lang }) });
    expect(res.status).toBe(201);
  };
  const get = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: { cookie: 'lang=en', ...(token ? bearer(token) : {}) } });
  const markRead = (id: string, token: string, body: unknown = { read: true }) => fetch(`${server.url}/api/admin/contact-messages/${id}`, {
    method: 'PUT', headers: { 'content-type': 'application/json', cookie: 'lang=en', ...bearer(token) }, body: JSON.stringify(body),
  });
  const inbox = async () => (await (await get('/api/admin/contact-messages', admin)).json()) as Listing;

  it('refuses a visitor (401) and a user (403) on every inbox route', async () => {
    expect((await get('/api/admin/contact-messages')).status).toBe(401);
    expect((await get('/api/admin/contact-messages', user.token)).status).toBe(403);
    expect((await get('/api/admin/contact-messages/x', user.token)).status).toBe(403);
    expect((await markRead('x', user.token)).status).toBe(403);
  });

  it('lists messages newest first, unread, still mails CONTACT_TO, and marks one read when the admin opens it', async () => {
    const before = smtp.received.length;
    await contact('Jan Pierwszy', 'jan@example.com', 'Pierwsza wiadomość');
    await contact('Ola Pisząca', 'pisze.czesto@example.com', 'Druga wiadomość\nz dwiema liniami', 'en');
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.envelopeTo)).toEqual([['biuro@gestalt.test'], ['biuro@gestalt.test']]);

    const listed = await inbox();
    expect(listed.items.map((m) => m.fromName)).toEqual(['Ola Pisząca', 'Jan Pierwszy']);
    expect(listed).toMatchObject({ total: 2, unread: 2, page: 1 });
    expect(listed.items.every((m) => !m.read)).toBe(true);
    const [newest, oldest] = listed.items as [Item, Item];
    expect(newest.receivedAt > oldest.receivedAt).toBe(true);

    const opened = await get(`/api/admin/contact-messages/${oldest.id}`, admin);
    expect(await opened.json()).toMatchObject({ id: oldest.id, fromName: 'Jan Pierwszy', email: 'jan@example.com', message: 'Pierwsza wiadomość', read: false });
    expect((await markRead(oldest.id, admin)).status).toBe(200);
    expect((await markRead(oldest.id, admin)).status).toBe(200);
    const after = await inbox();
    expect(after.unread).toBe(1);
    expect(after.items.map((m) => [m.fromName, m.read])).toEqual([['Ola Pisząca', false], ['Jan Pierwszy', true]]);
  });

  it('answers 404 for an unknown message and 400 for a body that is not { read: true }', async () => {
    expect((await get('/api/admin/contact-messages/no-such-id', admin)).status).toBe(404);
    expect((await markRead('no-such-id', admin)).status).toBe(404);
    const [some] = (await inbox()).items;
    expect((await markRead(some!.id, admin, { read: 'yes' })).status).toBe(400);
    expect((await get('/api/admin/contact-messages?page=0', admin)).status).toBe(400);
  });

  it('erases the messages of a deleted user, with those sent without an account from the same address', async () => {
    await contact('Ola bez konta', 'PISZE.CZESTO@example.com', 'Jeszcze jedna, bez logowania');
    const users = (await (await get('/api/users', admin)).json()) as { id: string; email: string }[];
    const id = users.find((u) => u.email.toLowerCase() === user.email.toLowerCase())!.id;
    const deleted = await fetch(`${server.url}/api/users/${id}`, { method: 'DELETE', headers: bearer(admin) });
    expect(deleted.status).toBe(200);
    const left = await inbox();
    expect(left.items.map((m) => m.fromName)).toEqual(['Jan Pierwszy']);
    expect(JSON.stringify(left)).not.toMatch(/pisze\.czesto/i);
  });
});
