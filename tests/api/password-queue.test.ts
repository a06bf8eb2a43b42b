import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * A burst of sign-ins against a server whose password queue holds one job (PASSWORD_QUEUE_MAX=1): passwords are
 * hashed and checked in worker threads (modules/accounts/password-pool.ts), and what does not fit is refused at once
 * with 503 and Retry-After, never a 500. TRUST_PROXY gives each request a client address of its own, so the rate
 * limits (10 sign-ins per address and client) stay out of the way.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ PASSWORD_QUEUE_MAX: '1', TRUST_PROXY: '1', SMTP_URL: smtp.url });
});
afterAll(async () => { await server?.stop(); await smtp?.close(); });

// More at once than the pool's threads and its queue of one can take on any machine.
const BURST = availableParallelism() + 10;
const busy = {
  pl: 'Serwer jest teraz zajęty. Spróbuj ponownie za kilka sekund.',
  en: 'The server is busy right now. Please try again in a few seconds.',
};

let client = 0;
const post = (path: string, body: object, lang: 'pl' | 'en' = 'pl') => fetch(`${server.url}${path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `lang=${lang}`, 'x-forwarded-for': `198.51.100.${++client}` },
  body: JSON.stringify(body),
});

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown>; lang: 'pl' | 'en' };
async function answer(res: Promise<Response>, lang: 'pl' | 'en'): Promise<Answer> {
  const r = await res;
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as Record<string, unknown>, lang };
}

/** Every refusal is the busy answer in its request's language, with Retry-After in whole seconds. */
function expectBusy(refused: Answer[]) {
  for (const r of refused) {
    expect(r.body).toEqual({ message: busy[r.lang] });
    expect(r.retryAfter).toMatch(/^[1-9]\d*$/);
  }
}

describe('sign-in under a burst, with a password queue of one', () => {
  it('answers each sign-in 200 or 503 busy with Retry-After, never a 500, and the refused sign in when they try again', async () => {
    const { email } = await signUp(server, smtp, 'tlum@example.com', 'Ola Tłum');
    const langs = Array.from({ length: BURST }, (_, i) => (i % 2 ? 'en' : 'pl') as 'pl' | 'en');
    const burst = await Promise.all(langs.map((lang) => answer(post('/login', { email, password: 'secret123' }, lang), lang)));
    expect(burst.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    const signedIn = burst.filter((r) => r.status === 200);
    const refused = burst.filter((r) => r.status === 503);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of signedIn) expect(typeof r.body['token']).toBe('string');
    expectBusy(refused);
    // One at a time, as a client honouring Retry-After would come back: each is taken (three of them: each is a
    // cost-12 check, seconds on a loaded machine).
    for (const r of refused.slice(0, 3)) {
      const again = await answer(post('/login', { email, password: 'secret123' }, r.lang), r.lang);
      expect([again.status, typeof again.body['token']]).toEqual([200, 'string']);
    }
    // A wrong password and an unknown address in a burst: refused for what they are (401) or busy, never a 500.
    const wrong = await Promise.all(langs.map((lang, i) => answer(post('/login', { email: i % 2 ? email : `nikt${i}@example.com`, password: 'zgadywane' }, lang), lang)));
    expect(wrong.filter((r) => r.status !== 401 && r.status !== 503)).toEqual([]);
    expect(wrong.some((r) => r.status === 401)).toBe(true);
    expectBusy(wrong.filter((r) => r.status === 503));
    // Every accepted job is a bcrypt at cost 12 on one or two threads: a busy machine takes seconds for each.
  }, 120_000);

  it('refuses registrations past the queue with 503 busy, and a refused one registers when sent again', async () => {
    const person = (i: number) => ({ name: 'Osoba Testowa', email: `rejestracja${i}@example.com`, phone: '+48 600 100 200', password: 'abcdef', repeat: 'abcdef', language: 'pl' });
    const burst = await Promise.all(Array.from({ length: BURST }, (_, i) => answer(post('/register', person(i)), 'pl')));
    expect(burst.filter((r) => r.status !== 201 && r.status !== 503)).toEqual([]);
    expect(burst.some((r) => r.status === 201)).toBe(true);
    const refused = burst.flatMap((r, i) => (r.status === 503 ? [i] : []));
    expect(refused.length).toBeGreaterThan(0);
    expectBusy(refused.map((i) => burst[i]!));
    const again = await answer(post('/register', person(refused[0]!)), 'pl');
    expect(again.status).toBe(201);
  }, 120_000);
});
