import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import type { RunningServer } from './server.ts';
import type { startSmtp } from './smtp.ts';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** The newest link to `/{path}/…` in mail received for `to`. */
export async function linkFromMail(smtp: Smtp, to: string, path: string, ms = 15_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = [...smtp.received].reverse().find((m) => m.envelopeTo.includes(to) && (m.parsed.text ?? '').includes(`/${path}/`));
    if (mail) return new RegExp(`(https?://\\S+/${path}/[A-Za-z0-9_-]+)`).exec(mail.parsed.text ?? '')![1]!;
    if (Date.now() > deadline) throw new Error(`no ${path} mail for ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The text of the first mail to `to` among those received from index `from` on whose text matches `pattern`. */
async function mailAfter(smtp: Smtp, from: number, to: string, pattern: RegExp, ms = 15_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = smtp.received.slice(from).find((m) => m.envelopeTo.includes(to) && pattern.test(m.parsed.text ?? ''));
    if (mail) return mail.parsed.text ?? '';
    if (Date.now() > deadline) throw new Error(`no mail matching ${pattern} for ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Registers and verifies a user through the public API and the received e-mail; answers their session token.
 * The first ADMIN_EMAILS address already has an account on a fresh server (made at the first start, with no
 * password): registering it mails "you already have an account", so it sets its password as its owner would,
 * through forgot-password, and logs in. That account keeps the name and phone the first start gave it.
 */
export async function signUp(
  server: RunningServer, smtp: Smtp, email: string, name = 'Test Buyer', phone = '+48 600 100 200',
): Promise<{ token: string; email: string }> {
  const origin = { 'content-type': 'application/json', origin: server.url };
  const post = (path: string, body: object) => fetch(`${server.url}${path}`, { method: 'POST', headers: origin, body: JSON.stringify(body) });
  const before = smtp.received.length;
  const registered = await post('/register', { name, email, password: 'secret123', repeat: 'secret123', phone, language: 'pl' });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const text = await mailAfter(smtp, before, email, /\/verify-email\/|\/zaloguj-sie/);
  const verifyLink = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(text);
  if (verifyLink) {
    const verified = await post('/verify-email', { token: verifyLink[1] });
    const body = (await verified.json()) as { token?: string };
    if (!body.token) throw new Error(`verify-email answered ${verified.status}`);
    return { token: body.token, email };
  }
  const beforeReset = smtp.received.length;
  const asked = await post('/forgot-password', { email, language: 'pl' });
  if (asked.status !== 200) throw new Error(`forgot-password answered ${asked.status}`);
  const resetId = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(await mailAfter(smtp, beforeReset, email, /\/reset-password\//))![1];
  const reset = await post(`/reset-password/${resetId}`, { newPassword: 'secret123', repeat: 'secret123', language: 'pl' });
  if (reset.status !== 200) throw new Error(`reset-password answered ${reset.status}: ${await reset.text()}`);
  const login = await post('/login', { email, password: 'secret123' });
  const body = (await login.json()) as { token?: string };
  if (!body.token) throw new Error(`login answered ${login.status}`);
  return { token: body.token, email };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The consents a checkout of a demo product needs (the seed's dates): trauma and contact styles are over and sold with
 * their recordings; the others start more than 14 days ahead and have none.
 */
export const demoConsents = (key: string): string[] => (key === DEMO_KEYS.trauma || key === DEMO_KEYS.contactStyles ? ['recordingEarly'] : []);

/**
 * Buys through the built-in dev checkout (no Stripe key): start a checkout, then press Pay as the browser would.
 * Without `consents`, it gives those the product needs, as a buyer ticking every box in the buy panel would: the
 * server names them when refusing a checkout without them (that refused attempt counts towards the checkout limits).
 */
export async function buyWithDevCheckout(server: RunningServer, token: string, productKey: string, priceId: string, consents?: string[], extra: Record<string, unknown> = {}): Promise<void> {
  const ask = (given: string[]) => fetch(`${server.url}/create-checkout-session`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ priceId, video: { key: productKey }, consents: given, ...extra }),
  });
  let started = await ask(consents ?? []);
  if (started.status === 400 && consents === undefined) {
    const needed = ((await started.clone().json()) as { consents?: string[] }).consents;
    if (needed && needed.length > 0) started = await ask(needed);
  }
  const { url } = (await started.json()) as { url?: string };
  if (!url) throw new Error(`checkout answered ${started.status}`);
  const paid = await fetch(url, {
    method: 'POST', redirect: 'manual',
    headers: { cookie: `session=${token}`, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  if (paid.status !== 303 || !paid.headers.get('location')?.startsWith('/video')) throw new Error(`dev checkout answered ${paid.status}`);
}

/**
 * Signs in as the first admin through the one-time link the server printed at its first start on an empty
 * database; answers the session token (usable as a Bearer token or as the `session` cookie).
 */
export async function firstAdminSignIn(server: RunningServer): Promise<{ token: string }> {
  const link = /https?:\/\/[^\s"]+\/admin-sign-in\/[A-Za-z0-9_-]+/.exec(server.output())?.[0];
  if (!link) throw new Error('the server printed no admin sign-in link');
  const res = await fetch(link, {
    method: 'POST', redirect: 'manual', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '',
  });
  const token = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 303 || !token) throw new Error(`admin sign-in answered ${res.status}`);
  return { token };
}
