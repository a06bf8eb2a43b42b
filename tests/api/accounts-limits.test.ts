import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';

/** Rate limits over HTTP, on a server of their own so the other API tests keep their budget. */
let server: RunningServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.stop(); });

const post = (path: string, body: unknown, lang = 'pl') => fetch(`${server.url}${path}`, {
  method: 'POST', headers: { 'content-type': 'application/json', cookie: `lang=${lang}` }, body: JSON.stringify(body),
});
const tooMany = { pl: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.', en: 'Too many attempts. Please try again in a moment.' };

describe('rate limits', () => {
  it('limits logins per address from one client address (10 per 15 minutes), answering 429 in the request language', async () => {
    for (let i = 0; i < 10; i++) expect((await post('/login', { email: 'target@example.com', password: `guess${i}` })).status).toBe(401);
    const pl = await post('/login', { email: 'Target@example.com', password: 'guess' });
    expect([pl.status, await pl.json()]).toEqual([429, { message: tooMany.pl }]);
    const en = await post('/login', { email: 'target@example.com', password: 'guess' }, 'en');
    expect([en.status, await en.json()]).toEqual([429, { message: tooMany.en }]);
    expect((await post('/login', { email: 'other@example.com', password: 'guess' })).status).toBe(401);
  });

  it('limits password-reset requests per address and per IP', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/forgot-password', { email: 'victim@example.com', language: 'en' })).status).toBe(200);
    const res = await post('/forgot-password', { email: 'victim@example.com', language: 'en' });
    expect([res.status, await res.json()]).toEqual([429, { message: tooMany.en }]);
    // 4 counted so far from this IP; the IP allows 20 per hour.
    for (let i = 0; i < 16; i++) expect((await post('/forgot-password', { email: `someone${i}@example.com`, language: 'pl' })).status).toBe(200);
    const ip = await post('/forgot-password', { email: 'fresh@example.com', language: 'pl' });
    expect([ip.status, await ip.json()]).toEqual([429, { message: tooMany.pl }]);
  });

  it('limits registration, resend and reset attempts', async () => {
    const person = { name: 'A', email: 'many@example.com', phone: '1', password: 'abcdef', repeat: 'abcdef', language: 'en' };
    for (let i = 0; i < 5; i++) expect((await post('/register', person)).status).toBe(201);
    expect((await post('/register', person)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await post('/resend-verification', { email: 'many@example.com' })).status).toBe(200);
    expect((await post('/resend-verification', { email: 'many@example.com' })).status).toBe(429);
    for (let i = 0; i < 10; i++) expect((await post('/reset-password/guessed-id', { newPassword: 'abcdef' })).status).toBe(400);
    expect((await post('/reset-password/guessed-id', { newPassword: 'abcdef' })).status).toBe(429);
  });
});
