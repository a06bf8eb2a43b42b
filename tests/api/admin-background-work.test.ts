import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Work = {
  view: string; topic: string | null; page: number; pageSize: number; total: number;
  topics: { topic: string; words: string; pending: number; failed: number; nextDueAt: string | null }[];
  items: { id: number; topic: string; words: string; status: string; dueAt: string; attempts: number; lastError: string | null; inFlight: boolean; createdAt: string }[];
};

/** The panel's view of background work (issue 24): the outbox's waiting rows, admin only, never a payload. */
describe('GET /api/admin/background-work (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'praca@example.com' });
    admin = await signUp(server, smtp, 'praca@example.com', 'Anna Praca');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });
  const get = (query = '', headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/admin/background-work${query}`, { headers: { cookie: 'lang=en', ...headers } });
  const work = async (query = '', lang = 'en') => {
    const res = await get(query, { ...bearer(admin.token), cookie: `lang=${lang}` });
    expect(res.status).toBe(200);
    return (await res.json()) as Work;
  };

  it('answers 401 without a session and 403 for a user, in the caller\'s language', async () => {
    const user = await signUp(server, smtp, 'ciekawska@example.com', 'Ola Ciekawska');
    const anonymous = await get();
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'You need to be logged in.' }]);
    const forbidden = await get('', bearer(user.token));
    const forbiddenPl = await get('?view=failed', { ...bearer(user.token), cookie: 'lang=pl' });
    expect([forbidden.status, forbiddenPl.status]).toEqual([403, 403]);
    expect((await forbiddenPl.json()).message).not.toBe((await forbidden.json()).message);
  });

  it('shows a buyer\'s planned reminders by kind, in words, with counts, the next due time and each row\'s due time and attempts, and no payload', async () => {
    const buyer = await signUp(server, smtp, 'przypominana@example.com', 'Ewa Przypominana');
    await buyWithDevCheckout(server, buyer.token, DEMO_KEYS.shame, 'price_demo_shame_pln');
    // The worker plans the reminders once the purchase commits: a day and an hour before each of the three sessions.
    const deadline = Date.now() + 15_000;
    let listing = await work('?topic=meeting-reminder');
    while (listing.total < 6 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      listing = await work('?topic=meeting-reminder');
    }
    expect(listing).toMatchObject({ view: 'upcoming', topic: 'meeting-reminder', page: 1, pageSize: 50, total: 6 });
    const reminders = listing.topics.find((t) => t.topic === 'meeting-reminder')!;
    expect(reminders).toMatchObject({ words: 'Meeting reminder', pending: 6, failed: 0 });
    const due = listing.items.map((i) => i.dueAt);
    expect(due).toEqual([...due].sort());
    expect(reminders.nextDueAt).toBe(due[0]);
    expect(Date.parse(due[0]!)).toBeGreaterThan(Date.now());
    for (const item of listing.items) {
      expect(Object.keys(item).sort()).toEqual(['attempts', 'createdAt', 'dueAt', 'id', 'inFlight', 'lastError', 'status', 'topic', 'words']);
      expect(item).toMatchObject({ topic: 'meeting-reminder', words: 'Meeting reminder', status: 'pending', attempts: 0, lastError: null, inFlight: false });
    }
    // Nothing of the buyer: no address, no purchase, no dedupe key.
    const raw = await (await get('', bearer(admin.token))).text();
    expect(raw).not.toContain('przypominana@example.com');
    expect(raw).not.toContain('purchaseId');
    expect(raw).not.toContain('reminder:');
    expect((await work('?topic=meeting-reminder', 'pl')).topics.find((t) => t.topic === 'meeting-reminder')!.words).toBe('Przypomnienie o spotkaniu');
  });

  it('lists the given-up rows apart, and refuses a bad view, topic or page in the caller\'s language', async () => {
    const failed = await work('?view=failed');
    expect(failed).toMatchObject({ view: 'failed', topic: null });
    expect(failed.items.every((i) => i.status === 'failed')).toBe(true);
    for (const query of ['?view=done', '?topic=DROP%20TABLE', '?page=0', '?page=x']) {
      const en = await get(query, bearer(admin.token));
      const pl = await get(query, { ...bearer(admin.token), cookie: 'lang=pl' });
      expect([en.status, pl.status]).toEqual([400, 400]);
      expect((await pl.json()).message).not.toBe((await en.json()).message);
    }
  });
});
