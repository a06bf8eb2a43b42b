import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The accounts API over HTTP, with mail delivered through a real SMTP exchange to a loopback server. */
const PUBLIC_URL = 'https://gestalt.test';
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  // Mail links come from PUBLIC_URL, never from the address the request was sent to.
  // The first start makes the first ADMIN_EMAILS address's account; the admins these tests register come after it.
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'first-admin@example.com,admin.pl@example.com,admin.en@example.com', MAIL_FROM: 'Gestalt <no-reply@gestalt.test>', PUBLIC_URL });
});
afterAll(async () => { await server?.stop(); await smtp?.close(); });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, {
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body), redirect: 'manual',
});
const answer = async (res: Response) => ({ status: res.status, body: await res.json() as Record<string, unknown> });
let seq = 0;
const unique = (lang: string) => `user${++seq}.${lang}.${Date.now()}@example.com`;

/** The link of the next mail to `to`, read out of the message the SMTP server received. */
async function mailTo(to: string, path: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.envelopeTo.some((a) => a.toLowerCase() === to.toLowerCase()) && (m.parsed.text ?? '').includes(`/${path}`));
    if (mail) {
      const link = new RegExp(`(https://gestalt\\.test/${path}(?:/[A-Za-z0-9_-]+)?)`).exec(mail.parsed.text ?? '')![1]!;
      smtp.received.splice(smtp.received.indexOf(mail), 1);
      return { mail, link, secret: link.split('/').at(-1)! };
    }
    if (Date.now() > deadline) throw new Error(`no ${path} mail for ${to}`);
    await smtp.waitFor(smtp.received.length + 1, 1000).catch(() => {});
  }
}

const texts = {
  pl: {
    registered: 'Rejestracja zakończona sukcesem! Wysłaliśmy link weryfikacyjny na Twój adres e-mail.',
    fill: 'Proszę wypełnić wszystkie pola', mismatch: 'Hasła nie są takie same', invalidEmail: 'Podaj prawidłowy adres e-mail.',
    invalid: 'Nieprawidłowy e-mail lub hasło.', unverified: 'Twój adres e-mail nie został jeszcze potwierdzony.',
    verifyFailed: 'Link jest nieprawidłowy lub wygasł. Spróbuj zarejestrować się ponownie lub skontaktuj się z pomocą techniczną.',
    verified: 'Adres e-mail został potwierdzony.', verifySubject: 'Potwierdź adres e-mail', resetSubject: 'Reset hasła',
    existingSubject: 'Próba rejestracji na Twój adres', forgot: 'Jeśli istnieje konto z tym adresem', short: 'Hasło musi mieć co najmniej 6 znaków.',
    resetMismatch: 'Hasła nie są takie same.', changed: 'Hasło zostało zmienione.', linkInvalid: 'Link do zmiany hasła jest nieprawidłowy',
    unauthorized: 'Musisz być zalogowany.', crossOrigin: 'Żądanie z obcej strony zostało odrzucone.', invalidBody: 'Nieprawidłowe dane żądania.',
    credentials: 'Podaj e-mail i hasło.', emailRequired: 'Podaj adres e-mail.', resent: 'wysłaliśmy nowy link', loggedOut: 'Wylogowano.',
    loggedOutEverywhere: 'Wylogowano na wszystkich urządzeniach.',
    invalidName: 'Podaj imię i nazwisko w jednym wierszu (do 100 znaków): litery, spacje, łączniki, apostrofy i kropki, bez cyfr i linków.',
    greeting: 'Dzień dobry Łucja Żółć-Gęś,',
  },
  en: {
    registered: 'Registration successful! We have sent a verification link to your e-mail address.',
    fill: 'Please fill in all fields', mismatch: 'Password do not match', invalidEmail: 'Please enter a valid e-mail address.',
    invalid: 'Invalid e-mail or password.', unverified: 'Your e-mail address has not been verified yet.',
    verifyFailed: 'The link is invalid or has expired. Please try to register again or contact support.',
    verified: 'Your e-mail address has been verified.', verifySubject: 'Confirm your e-mail address', resetSubject: 'Password reset',
    existingSubject: 'Someone tried to register with your address', forgot: 'If an account with this address exists', short: 'Password must be at least 6 characters long.',
    resetMismatch: 'Passwords do not match.', changed: 'Your password has been changed.', linkInvalid: 'The password reset link is invalid',
    unauthorized: 'You need to be logged in.', crossOrigin: 'A request from another site was refused.', invalidBody: 'The request data is invalid.',
    credentials: 'Please enter your e-mail and password.', emailRequired: 'Please enter your e-mail address.', resent: 'we have sent a new link', loggedOut: 'You have been logged out.',
    loggedOutEverywhere: 'You have been logged out on all devices.',
    invalidName: 'Give your name on one line (up to 100 characters): letters, spaces, hyphens, apostrophes and periods, no digits or links.',
    greeting: 'Hello Łucja Żółć-Gęś,',
  },
} as const;

describe.each(['pl', 'en'] as const)('accounts API in %s', (language) => {
  const t = texts[language];
  const cookie = { cookie: `lang=${language}` };
  const person = () => ({ name: 'Anna Kowalska', email: unique(language), phone: '+48 600 100 200', password: 'sekret1', repeat: 'sekret1', language });

  it('registers (201), mails a verification link, verifies it once, signs in and serves the profile', async () => {
    const p = person();
    expect(await answer(await post('/register', { ...p, email: `  ${p.email.toUpperCase()}  ` }))).toEqual({ status: 201, body: { message: t.registered } });
    const { mail, secret } = await mailTo(p.email, 'verify-email');
    expect(mail.parsed.subject).toContain(t.verifySubject);
    expect(mail.parsed.html).toContain(`/verify-email/${secret}`);

    const login = await answer(await post('/login', { email: p.email, password: p.password }, cookie));
    expect(login).toMatchObject({ status: 403, body: { message: expect.stringContaining(t.unverified), unverified: true } });

    const verify = await post('/verify-email', { token: secret }, cookie);
    expect(verify.headers.get('set-cookie')).toMatch(/session=[^;]+;.*HttpOnly/i);
    const verified = await answer(verify);
    expect(verified).toMatchObject({ status: 200, body: { message: expect.stringContaining(t.verified), token: expect.any(String) } });
    expect(await answer(await post('/verify-email', { token: secret }, cookie))).toEqual({ status: 400, body: { message: t.verifyFailed } });

    const profile = await fetch(`${server.url}/profile`, { headers: { authorization: `Bearer ${String(verified.body['token'])}` } });
    expect(await profile.json()).toEqual({ id: expect.any(String), name: 'Anna Kowalska', email: p.email.toUpperCase(), phone: '+48 600 100 200', role: 'user', purchasedVideos: [] });
    const session = /session=([^;]+)/.exec(verify.headers.get('set-cookie')!)![1];
    expect((await fetch(`${server.url}/profile`, { headers: { cookie: `session=${session}` } })).status).toBe(200);
  });

  it('refuses invalid registrations with the spec messages', async () => {
    const p = person();
    expect(await answer(await post('/register', { ...p, phone: ' ' }))).toEqual({ status: 400, body: { message: t.fill } });
    expect(await answer(await post('/register', { email: p.email, language }))).toEqual({ status: 400, body: { message: t.fill } });
    expect(await answer(await post('/register', { ...p, repeat: 'inne' }))).toEqual({ status: 400, body: { message: t.mismatch } });
    // The reset page's rule and message: at least 6 characters.
    expect(await answer(await post('/register', { ...p, password: '12345', repeat: '12345' }))).toEqual({ status: 400, body: { message: t.short } });
    expect((await post('/register', { ...p, password: '123456', repeat: '123456' })).status).toBe(201);
    expect(await answer(await post('/register', { ...p, email: 'not-an-address' }))).toEqual({ status: 400, body: { message: t.invalidEmail } });
    expect(await answer(await post('/register', 'not json', cookie))).toEqual({ status: 400, body: { message: t.invalidBody } });
    expect(await answer(await post('/register', p, { origin: 'https://evil.example' }))).toEqual({ status: 403, body: { message: t.crossOrigin } });
  });

  it('refuses a name over lines, with a link or other signs, and mails nothing; a Polish name opens the mail as given', async () => {
    const refused = ['Anna\nKowalska', 'Anna\r\n\r\nWygrałeś! Odbierz nagrodę: https://evil.example/x', 'Odbierz na evil.example', 'Anna <b>Nowak</b>',
      'Agent 007', 'a'.repeat(101)].map((name) => ({ ...person(), name }));
    for (const p of refused) expect(await answer(await post('/register', p)), JSON.stringify(p.name)).toEqual({ status: 400, body: { message: t.invalidName } });
    const p = { ...person(), name: '  Łucja Żółć-Gęś ' };
    expect((await post('/register', p)).status).toBe(201);
    const { mail } = await mailTo(p.email, 'verify-email');
    expect(mail.parsed.text).toContain(t.greeting);
    // Mail leaves in order: the refused ones would have arrived before this one.
    expect(smtp.received.filter((m) => refused.some((r) => m.envelopeTo.includes(r.email)))).toEqual([]);
  });

  it('answers an existing address like a new one and tells its owner by e-mail', async () => {
    const p = person();
    await post('/register', p);
    await mailTo(p.email, 'verify-email');
    expect(await answer(await post('/register', { ...p, email: p.email.toUpperCase(), name: 'Someone Else' }))).toEqual({ status: 201, body: { message: t.registered } });
    const { mail } = await mailTo(p.email, 'zaloguj-sie');
    expect(mail.parsed.subject).toContain(t.existingSubject);
  });

  it('logs in with one generic message for a wrong password or an unknown address; the admin gets the admin role', async () => {
    const p = { ...person(), email: `admin.${language}@example.com` };
    await post('/register', p);
    await post('/verify-email', { token: (await mailTo(p.email, 'verify-email')).secret });
    const ok = await post('/login', { email: `Admin.${language}@Example.com`, password: p.password });
    expect(ok.headers.get('set-cookie')).toMatch(/session=.*HttpOnly/i);
    const token = String((await ok.json() as { token: string }).token);
    expect(await (await fetch(`${server.url}/profile`, { headers: { authorization: `Bearer ${token}` } })).json()).toMatchObject({ role: 'admin' });
    expect(await answer(await post('/login', { email: p.email, password: 'wrong-one' }, cookie))).toEqual({ status: 401, body: { message: t.invalid } });
    expect(await answer(await post('/login', { email: `nobody.${language}@example.com`, password: 'x' }, cookie))).toEqual({ status: 401, body: { message: t.invalid } });
    expect(await answer(await post('/login', { email: p.email }, cookie))).toEqual({ status: 400, body: { message: t.credentials } });
  });

  it('sends the verification link again to an unverified address, and answers the same for any address', async () => {
    const p = person();
    await post('/register', p);
    await mailTo(p.email, 'verify-email');
    const resent = await answer(await post('/resend-verification', { email: p.email, language }));
    expect(resent).toMatchObject({ status: 200, body: { message: expect.stringContaining(t.resent) } });
    expect(await answer(await post('/resend-verification', { email: `ghost.${language}@example.com`, language }))).toEqual(resent);
    const { secret } = await mailTo(p.email, 'verify-email');
    expect((await post('/verify-email', { token: secret })).status).toBe(200);
    expect(await answer(await post('/resend-verification', { email: '', language }))).toEqual({ status: 400, body: { message: t.emailRequired } });
  });

  it('refuses the profile without a valid session', async () => {
    expect(await answer(await fetch(`${server.url}/profile`, { headers: cookie }))).toEqual({ status: 401, body: { message: t.unauthorized } });
    expect((await fetch(`${server.url}/profile`, { headers: { authorization: 'Bearer forged.token.here' } })).status).toBe(401);
    expect(await answer(await post('/verify-email', { token: 'no-such-token' }, cookie))).toEqual({ status: 400, body: { message: t.verifyFailed } });
    expect(await answer(await post('/verify-email', {}, cookie))).toEqual({ status: 400, body: { message: t.verifyFailed } });
  });

  it('resets a forgotten password once, revoking older sessions', async () => {
    const p = person();
    await post('/register', p);
    await post('/verify-email', { token: (await mailTo(p.email, 'verify-email')).secret });
    const old = String((await (await post('/login', { email: p.email, password: p.password })).json() as { token: string }).token);

    const forgot = await answer(await post('/forgot-password', { email: p.email, language }));
    expect(forgot).toMatchObject({ status: 200, body: { message: expect.stringContaining(t.forgot) } });
    expect(await answer(await post('/forgot-password', { email: `ghost.${language}@example.com`, language }))).toEqual(forgot);
    expect(await answer(await post('/forgot-password', { email: ' ', language }))).toEqual({ status: 400, body: { message: t.emailRequired } });
    const { mail, secret } = await mailTo(p.email, 'reset-password');
    expect(mail.parsed.subject).toContain(t.resetSubject);
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/reset-password/${secret}`);

    expect(await answer(await post(`/reset-password/${secret}`, { newPassword: '12345', language }))).toEqual({ status: 400, body: { message: t.short } });
    expect(await answer(await post(`/reset-password/${secret}`, { newPassword: '123456', repeat: '654321', language }))).toEqual({ status: 400, body: { message: t.resetMismatch } });
    expect(await answer(await post('/reset-password/unknown-id', { newPassword: '123456', language }))).toMatchObject({ status: 400, body: { message: expect.stringContaining(t.linkInvalid) } });
    expect(await answer(await post(`/reset-password/${secret}`, { newPassword: 'nowe-haslo', language }))).toMatchObject({ status: 200, body: { message: expect.stringContaining(t.changed) } });
    expect(await answer(await post(`/reset-password/${secret}`, { newPassword: 'jeszcze-inne', language }))).toMatchObject({ status: 400, body: { message: expect.stringContaining(t.linkInvalid) } });

    expect((await fetch(`${server.url}/profile`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
    expect((await post('/login', { email: p.email, password: p.password })).status).toBe(401);
    expect((await post('/login', { email: p.email, password: 'nowe-haslo' })).status).toBe(200);
  });

  it('answers forgot-password and resend-verification alike for any address; a known one gets exactly one mail', async () => {
    const known = person();
    await post('/register', known);
    await post('/verify-email', { token: (await mailTo(known.email, 'verify-email')).secret });
    const waiting = person();
    await post('/register', waiting);
    await mailTo(waiting.email, 'verify-email');
    const ask = async (path: string, email: string) => {
      const res = await post(path, { email, language });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() as unknown };
    };
    expect(await ask('/forgot-password', known.email)).toEqual(await ask('/forgot-password', `nobody.${language}.${seq}@example.com`));
    expect(await ask('/resend-verification', waiting.email)).toEqual(await ask('/resend-verification', `nobody.${language}.${seq}@example.com`));
    await mailTo(known.email, 'reset-password');
    await mailTo(waiting.email, 'verify-email');
    // A later request's mail comes after any second copy of the earlier ones would have: the worker goes in order.
    await post('/forgot-password', { email: waiting.email, language });
    await mailTo(waiting.email, 'reset-password');
    expect(smtp.received.filter((m) => [known.email, waiting.email].includes(m.envelopeTo[0]!.toLowerCase()))).toEqual([]);
  });

  it('logs out on the server: that token stops working at once, other sessions keep working; everywhere ends them all', async () => {
    const p = person();
    await post('/register', p);
    await post('/verify-email', { token: (await mailTo(p.email, 'verify-email')).secret });
    const signIn = async () => String((await (await post('/login', { email: p.email, password: p.password })).json() as { token: string }).token);
    const profile = async (token: string) => (await fetch(`${server.url}/profile`, { headers: { authorization: `Bearer ${token}` } })).status;
    const formPost = (token: string, body = '') => fetch(`${server.url}/logout`, {
      method: 'POST', redirect: 'manual', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: `session=${token}` },
    });
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    // The navbar's form post with the cookie: a Bearer copy of that token is refused at once.
    const form = await formPost(a);
    expect([form.status, new URL(form.headers.get('location')!, server.url).pathname]).toEqual([303, '/']);
    expect([await profile(a), await profile(b), await profile(c)]).toEqual([401, 200, 200]);
    // An API client logs out with its Bearer token.
    expect(await answer(await post('/logout', { language }, { authorization: `Bearer ${b}` }))).toEqual({ status: 200, body: { message: t.loggedOut } });
    expect([await profile(b), await profile(c)]).toEqual([401, 200]);
    // Log out on all devices, as JSON and as the navbar's form post.
    const d = await signIn();
    expect(await answer(await post('/logout', { language, everywhere: true }, { authorization: `Bearer ${c}` }))).toEqual({ status: 200, body: { message: t.loggedOutEverywhere } });
    expect([await profile(c), await profile(d)]).toEqual([401, 401]);
    const [e, f] = [await signIn(), await signIn()];
    expect((await formPost(e, 'everywhere=1')).status).toBe(303);
    expect([await profile(e), await profile(f), await profile(await signIn())]).toEqual([401, 401, 200]);
  });

  it('logs out: JSON calls get a message, form posts go home, foreign origins are refused; the cookie is cleared', async () => {
    const json = await post('/logout', { language }, { origin: server.url });
    expect(await answer(json.clone())).toEqual({ status: 200, body: { message: t.loggedOut } });
    expect(json.headers.get('set-cookie')).toMatch(/session=(deleted)?;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const form = await fetch(`${server.url}/logout`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url } });
    expect([form.status, new URL(form.headers.get('location')!, server.url).pathname]).toEqual([303, '/']);
    expect(await answer(await post('/logout', { language }, { origin: 'https://evil.example' }))).toEqual({ status: 403, body: { message: t.crossOrigin } });
  });
});
