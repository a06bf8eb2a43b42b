import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { assertNoServerErrors } from '../support/hostile.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** Every state-changing route, with `{p}` where a path parameter goes. */
const ROUTES: [string, string][] = [
  ['POST', '/register'], ['POST', '/login'], ['POST', '/logout'], ['POST', '/verify-email'],
  ['POST', '/resend-verification'], ['POST', '/forgot-password'], ['POST', '/reset-password'], ['POST', '/reset-password/{p}'],
  ['POST', '/create-checkout-session'], ['POST', '/api/contact'], ['POST', '/api/user/verify-purchases'],
  ['POST', '/api/videos/{p}/playback'], ['POST', '/api/payments/stripe/webhook'], ['POST', '/dev-checkout/{p}'],
  ['GET', '/api/videos/{p}'], ['GET', '/video-details/{p}'], ['GET', '/watch-video/{p}'], ['GET', '/media/recordings/{p}'],
  ['GET', '/reset-password/{p}'], ['GET', '/verify-email/{p}'], ['POST', '/'], ['POST', '/kontakt'],
  ['GET', '/api/users'], ['DELETE', '/api/users/{p}'], ['GET', '/api/all-videos'], ['POST', '/api/articles'], ['DELETE', '/api/articles/{p}'],
  ['POST', '/api/admin/products'], ['PUT', '/api/admin/products/{p}'], ['POST', '/api/admin/products/{p}/editions'], ['GET', '/api/admin/attendees/{p}'],
  // audit trail, dev mailbox, first-admin sign-in
  ['GET', '/api/admin/mailbox?page={p}'], ['GET', '/api/admin/mailbox/{p}'],
  ['GET', '/api/admin/audit?type={p}'], ['GET', '/api/admin/audit?from={p}'],
  ['GET', '/admin-sign-in/{p}'], ['POST', '/admin-sign-in/{p}'],
  // mass e-mail and unsubscribe
  ['POST', '/api/mass-email'], ['GET', '/api/admin/campaigns'], ['GET', '/api/admin/campaigns/{p}'],
  ['GET', '/unsubscribe/{p}'], ['POST', '/unsubscribe/{p}'],
  // who paid what: grants by hand, the attendee list's CSV separator
  ['POST', '/api/admin/grants'], ['DELETE', '/api/admin/grants/{p}'], ['GET', '/api/admin/attendees/x?format=csv&separator={p}'],
  // uploads and facilitators
  ['POST', '/api/admin/media'], ['POST', '/api/admin/media?kind={p}'], ['GET', '/media/uploads/{p}'],
  ['POST', '/api/admin/facilitators'], ['PUT', '/api/admin/facilitators/{p}'], ['DELETE', '/api/admin/facilitators/{p}'], ['PUT', '/api/admin/facilitators/order'],
];

const FIELD_NAMES = ['name', 'email', 'password', 'repeat', 'phone', 'token', 'newPassword', 'priceId', 'video',
  'fromName', 'message', 'language', 'action', 'locale', 'title', 'description', 'link', 'key', 'everywhere',
  'subject', 'body', 'target', 'avatar', 'role', 'bio', 'order', 'facilitators'];

describe('hostile input at every route', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token = '';
  let adminToken = '';
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, CONTACT_TO: 'office@gestalt.test', ADMIN_EMAILS: 'fuzz-admin@example.com' });
    token = (await signUp(server, smtp, 'fuzz@example.com')).token;
    adminToken = (await signUp(server, smtp, 'fuzz-admin@example.com')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  it('never answers 5xx, and answers what it refuses with a JSON message', { timeout: 240_000 }, async () => {
    await assertNoServerErrors(server, { routes: ROUTES, fieldNames: FIELD_NAMES, token, adminToken, numRuns: 600 });
  });

  it('answers each kind of malformed input with its own 4xx and a message in the caller\'s language', async () => {
    const post = (path: string, data: string | Uint8Array, type: string, lang = 'en') => fetch(`${server.url}${path}`, {
      method: 'POST', body: data as BodyInit, headers: { 'content-type': type, origin: server.url, cookie: `lang=${lang}` },
    });
    const cases: [Promise<Response>, number, string][] = [
      [post('/login', '{"email":"a\\u0000@b.pl","password":"x"}', 'application/json'), 400, 'The request data is invalid.'],
      [post('/register', '{"name":"\\ud800"}', 'application/json'), 400, 'The request data is invalid.'],
      [post('/api/contact', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 'application/json'), 400, 'The request data is invalid.'],
      [post('/login', 'email=a%40b.pl&password=x', 'application/x-www-form-urlencoded'), 415, 'Unsupported data format.'],
      [post('/dev-checkout/x', '{"action":"pay"}', 'application/json'), 415, 'Unsupported data format.'],
      [post('/login', '{"email":', 'application/json', 'pl'), 400, 'Nieprawidłowe dane żądania.'],
      [post('/api/contact', JSON.stringify({ message: 'x'.repeat(70_000) }), 'application/json'), 413, 'The request body is too large.'],
      [fetch(`${server.url}/login`, { headers: { cookie: 'lang=en' } }), 405, 'This method is not supported at this address.'],
      [fetch(`${server.url}/seminaria`, { method: 'DELETE', headers: { cookie: 'lang=pl' } }), 405, 'Ta metoda nie jest obsługiwana pod tym adresem.'],
      [fetch(`${server.url}/api/videos/%ED%A0%80`, { headers: { cookie: 'lang=en' } }), 400, 'The request address is invalid.'],
      [fetch(`${server.url}/video-details/a%00b`, { headers: { cookie: 'lang=en' } }), 400, 'The request address is invalid.'],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, message).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
    const refused = await fetch(`${server.url}/login`, { method: 'PUT' });
    expect(refused.headers.get('allow')).toBe('POST');
  });
});
