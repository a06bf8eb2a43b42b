import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Item = { id: string; status: 'ok' | 'attention'; facts: Record<string, unknown>; advice: string | null; whatToDo: string | null };
type Report = { checkedAt: string; status: 'ok' | 'attention'; groups: { id: string; items: Item[] }[] };

/** The admin's system page (issue 35): each item with its facts, ok or needing attention with what to do; admin only. */
describe('GET /api/admin/system (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'system@example.com', IMAGE_BUILT_AT: '2026-12-01T08:00:00Z' });
    admin = await signUp(server, smtp, 'system@example.com', 'Anna System');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });
  const get = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/admin/system`, { headers: { cookie: 'lang=en', ...headers } });
  const report = async (lang = 'en') => {
    const res = await get({ ...bearer(admin.token), cookie: `lang=${lang}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return (await res.json()) as Report;
  };
  const itemOf = (r: Report, id: string) => r.groups.flatMap((g) => g.items).find((i) => i.id === id)!;

  it('answers 401 without a session and 403 for a user, in the caller\'s language', async () => {
    const user = await signUp(server, smtp, 'ciekawy@example.com', 'Jan Ciekawy');
    const anonymous = await get();
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'You need to be logged in.' }]);
    const forbidden = await get(bearer(user.token));
    const forbiddenPl = await get({ ...bearer(user.token), cookie: 'lang=pl' });
    expect([forbidden.status, forbiddenPl.status]).toEqual([403, 403]);
    expect((await forbiddenPl.json()).message).not.toBe((await forbidden.json()).message);
  });

  it('shows the version, commit and build time, the image\'s build time, and the migration level', async () => {
    const r = await report();
    expect(r.groups.map((g) => g.id)).toEqual(['version', 'database', 'work', 'backup', 'outside', 'host']);
    expect(Date.parse(r.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    const version = itemOf(r, 'version');
    expect(version).toMatchObject({ status: 'ok', facts: { version: '0.1.0', imageBuiltAt: '2026-12-01T08:00:00Z' }, advice: null, whatToDo: null });
    expect(version.facts['commit']).toMatch(/^[0-9a-f]{40}$/);
    expect(Date.parse(String(version.facts['builtAt']))).toBeLessThanOrEqual(Date.now());
    const migrations = itemOf(r, 'migrations');
    expect(migrations).toMatchObject({ status: 'ok', facts: { pending: 0, unknown: 0, latest: expect.any(String) } });
    expect(migrations.facts['applied']).toBe(migrations.facts['known']);
    expect(migrations.facts['applied']).toBeGreaterThan(10);
  });

  it('shows the database\'s kind, size and connections, and the free disk under DATA_DIR', async () => {
    const r = await report();
    const onPostgres = !!server.database;
    expect(itemOf(r, 'database').facts).toMatchObject({ kind: onPostgres ? 'postgres' : 'pglite', sizeBytes: expect.any(Number) });
    expect(itemOf(r, 'database').facts['sizeBytes']).toBeGreaterThan(1_000_000);
    const connections = itemOf(r, 'connections').facts;
    if (onPostgres) expect(connections).toMatchObject({ pool: 10, inUse: expect.any(Number), max: expect.any(Number) });
    else expect(connections).toEqual({ pool: 1, inUse: null, max: null });
    const disk = itemOf(r, 'disk');
    expect(disk.facts['freeBytes']).toBeGreaterThan(0);
    expect(disk.facts['totalBytes']).toBeGreaterThanOrEqual(Number(disk.facts['freeBytes']));
    expect(itemOf(r, 'publicUrl')).toMatchObject({ status: 'ok', facts: { url: server.url, defaulted: false } });
  });

  it('shows each outbox lane\'s backlog and the event log follower\'s lag', async () => {
    const r = await report();
    const work = r.groups.find((g) => g.id === 'work')!.items;
    expect(work.map((i) => i.id)).toEqual(['backlog.general', 'backlog.awaited', 'backlog.campaigns', 'backlog.reminders', 'backlog.transcode', 'backlog.backup', 'follower.cache']);
    for (const lane of work.filter((i) => i.id.startsWith('backlog.'))) {
      expect(Object.keys(lane.facts).sort()).toEqual(['due', 'failed', 'lane', 'oldestAgeSeconds', 'oldestDueSince']);
    }
    // The demo recordings wait for a transcode no worker of this server takes (TRANSCODE_WORKERS=0): counted there.
    expect(Number(itemOf(r, 'backlog.transcode').facts['due'])).toBeGreaterThan(0);
    expect(itemOf(r, 'follower.cache')).toMatchObject({ status: 'ok', facts: { name: 'cache', behindBy: expect.any(Number) } });
  });

  it('shows SMTP\'s last success after mail went out, and says in the caller\'s language what to do about Stripe not set', async () => {
    const smtpItem = itemOf(await report(), 'outside.smtp');
    expect(smtpItem).toMatchObject({ status: 'ok', facts: { system: 'smtp', configured: true, lastFailureAt: null, lastFailure: null } });
    expect(Date.parse(String(smtpItem.facts['lastSuccessAt']))).toBeGreaterThan(Date.now() - 10 * 60_000);
    const [en, pl] = [itemOf(await report('en'), 'outside.stripe'), itemOf(await report('pl'), 'outside.stripe')];
    expect(en).toMatchObject({ status: 'attention', advice: 'stripe-off', facts: { configured: false } });
    expect(en.whatToDo).toContain('STRIPE_SECRET_KEY');
    expect(pl.whatToDo).toContain('STRIPE_SECRET_KEY');
    expect(pl.whatToDo).not.toBe(en.whatToDo);
    expect(itemOf(await report(), 'outside.ksef')).toMatchObject({ status: 'ok', facts: { configured: false } });
    const r = await report();
    expect(r.status).toBe('attention');
    // A new server has taken no scheduled backup yet (the first is due at 03:00 Warsaw time), nor run a drill.
    expect(r.groups.find((g) => g.id === 'backup')!.items.map((i) => [i.id, i.status, i.facts])).toEqual([
      ['backup.last', 'attention', { at: null }], ['backup.verifiedRestore', 'attention', { at: null }],
    ]);
  });

  it('holds no secret and no personal data', async () => {
    const raw = await (await get(bearer(admin.token))).text();
    expect(raw).not.toContain('system@example.com');
    expect(raw).not.toContain(smtp.url);
  });
});
