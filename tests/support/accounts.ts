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

/** Registers and verifies a user through the public API and the received e-mail; answers their session token. */
export async function signUp(
  server: RunningServer, smtp: Smtp, email: string, name = 'Test Buyer', phone = '+48 600 100 200',
): Promise<{ token: string; email: string }> {
  const origin = { 'content-type': 'application/json', origin: server.url };
  const registered = await fetch(`${server.url}/register`, {
    method: 'POST', headers: origin,
    body: JSON.stringify({ name, email, password: 'secret123', repeat: 'secret123', phone, language: 'pl' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const link = await linkFromMail(smtp, email, 'verify-email');
  const verified = await fetch(`${server.url}/verify-email`, { method: 'POST', headers: origin, body: JSON.stringify({ token: link.split('/').pop() }) });
  const body = (await verified.json()) as { token?: string };
  if (!body.token) throw new Error(`verify-email answered ${verified.status}`);
  return { token: body.token, email };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Buys through the built-in dev checkout (no Stripe key): start a checkout, then press Pay as the browser would. */
export async function buyWithDevCheckout(server: RunningServer, token: string, productKey: string, priceId: string): Promise<void> {
  const started = await fetch(`${server.url}/create-checkout-session`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ priceId, video: { key: productKey } }),
  });
  const { url } = (await started.json()) as { url?: string };
  if (!url) throw new Error(`checkout answered ${started.status}`);
  const paid = await fetch(url, {
    method: 'POST', redirect: 'manual',
    headers: { cookie: `session=${token}`, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  if (paid.status !== 303 || !paid.headers.get('location')?.startsWith('/video')) throw new Error(`dev checkout answered ${paid.status}`);
}
