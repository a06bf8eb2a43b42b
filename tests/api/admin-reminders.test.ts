import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** A product's reminders before each session (issue 24), as the editor sends them: minutes, checked at the boundaries. */
describe('reminder offsets in the catalogue admin API', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const KEY = DEMO_KEYS.trauma;
  const call = (method: string, path: string, lang: 'pl' | 'en', body?: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { ...admin, cookie: `lang=${lang}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const product = async () => ((await (await call('GET', '/api/admin/products', 'pl')).json()) as AdminProduct[]).find((p) => p.key === KEY)!;
  const inputWith = async (reminderOffsets: unknown) => {
    const { key: _key, startsAt: _start, days: _days, dailyEnd: _end, ...input } = await product();
    return { ...input, reminderOffsets };
  };

  it('are a day and an hour until set; set, they are kept earliest first', async () => {
    expect((await product()).reminderOffsets).toBeUndefined();
    const saved = await call('PUT', `/api/admin/products/${KEY}`, 'pl', await inputWith([30, 2880]));
    expect(saved.status).toBe(200);
    expect((await product()).reminderOffsets).toEqual([2880, 30]);
  });

  it('refuses zero, negative, part-minute, beyond 30 days, repeated, none, more than ten, and no number: 400 in the caller\'s language, beside the row, nothing changed', async () => {
    const INVALID: [string, string] = ['A reminder: a whole number of minutes before the session, from 1 to 43200 (30 days).',
      'Przypomnienie: liczba całkowita minut przed spotkaniem, od 1 do 43200 (30 dni).'];
    const TWICE: [string, string] = ['This reminder is already on the list.', 'To przypomnienie już jest na liście.'];
    const COUNT: [string, string] = ['Give from 1 to 10 reminders.', 'Podaj od 1 do 10 przypomnień.'];
    const cases: [unknown, string, [string, string]][] = [
      [[0], 'reminderOffsets.0', INVALID], [[1440, -60], 'reminderOffsets.1', INVALID], [[90.5], 'reminderOffsets.0', INVALID],
      [[43_201], 'reminderOffsets.0', INVALID], [[60, 'sixty'], 'reminderOffsets.1', INVALID], [[null], 'reminderOffsets.0', INVALID],
      [[60, 1440, 60], 'reminderOffsets.2', TWICE], [[], 'reminderOffsets', COUNT],
      [Array.from({ length: 11 }, (_, i) => i + 1), 'reminderOffsets', COUNT],
    ];
    const before = await product();
    for (const [offsets, field, [english, polish]] of cases) {
      const en = await call('PUT', `/api/admin/products/${KEY}`, 'en', await inputWith(offsets));
      expect([en.status, await en.json()], JSON.stringify(offsets)).toEqual([400, { message: english, issues: [{ field, message: english }] }]);
      const pl = await call('POST', '/api/admin/products', 'pl', await inputWith(offsets));
      expect([pl.status, await pl.json()], JSON.stringify(offsets)).toEqual([400, { message: polish, issues: [{ field, message: polish }] }]);
    }
    expect(await product()).toEqual(before);
    // The boundaries themselves are accepted: one minute, and 30 days.
    expect((await call('PUT', `/api/admin/products/${KEY}`, 'en', await inputWith([1, 43_200]))).status).toBe(200);
    expect((await product()).reminderOffsets).toEqual([43_200, 1]);
  });
});
