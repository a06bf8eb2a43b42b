import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Sheet = { sessions: { id: string; hours: number; start: string; end: string }[]; buyers: { purchaseId: string; name: string; email: string; marks: Record<string, { present: boolean; minutes: number | null; hoursCounted: number; source: string }> }[] };

describe('/api/admin/attendance/{productKey} (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string };
  let user: { token: string };
  const key = DEMO_KEYS.fieldTheory;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa');
    user = await signUp(server, smtp, 'kursantka@example.com', 'Ewa Kursantka');
    await buyWithDevCheckout(server, user.token, key, 'price_demo_field_theory_pln');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });
  const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}/api/admin/attendance/${key}${path}`, { ...init, headers: { cookie: 'lang=en', origin: server.url, ...init.headers } });
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it('answers 401 without a session and 403 for a user, for the sheet, the ticks and the import', async () => {
    expect((await call('')).status).toBe(401);
    const forbidden = await call('', { headers: { ...bearer(user.token), cookie: 'lang=pl' } });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toMatch(/\S/);
    const tick = json({ sessionId: 'x', all: true });
    expect((await call('', { ...tick, headers: { ...tick.headers, ...bearer(user.token) } })).status).toBe(403);
    expect((await call('/import?session=x', { method: 'POST', body: 'a,b', headers: { 'content-type': 'text/csv', ...bearer(user.token) } })).status).toBe(403);
  });

  it('lists the sessions with their hours and the buyers; ticks, marks all present, previews and applies a report', async () => {
    const sheet = (await (await call('', { headers: bearer(admin.token) })).json()) as Sheet;
    expect(sheet.sessions.length).toBeGreaterThan(0);
    expect(sheet.sessions.every((s) => s.hours > 0 && s.hours <= (Date.parse(s.end) - Date.parse(s.start)) / 3_600_000)).toBe(true);
    expect(sheet.buyers.map((b) => [b.name, b.email, b.marks])).toEqual([['Ewa Kursantka', 'kursantka@example.com', {}]]);
    const session = sheet.sessions[0]!.id;
    const purchaseId = sheet.buyers[0]!.purchaseId;

    const ticked = await call('', { ...json({ sessionId: session, ticks: [{ purchaseId, present: false }] }), headers: { 'content-type': 'application/json', ...bearer(admin.token) } });
    expect([ticked.status, await ticked.json()]).toEqual([200, { changed: 1 }]);
    const all = await call('', { ...json({ sessionId: session, all: true }), headers: { 'content-type': 'application/json', ...bearer(admin.token) } });
    expect(await all.json()).toEqual({ changed: 1 });
    const unknown = await call('', { ...json({ sessionId: session, ticks: [{ purchaseId: 'someone-else', present: true }] }), headers: { 'content-type': 'application/json', ...bearer(admin.token) } });
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'This person is not an attendee of this event.']);

    const report = new TextEncoder().encode('Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes)\r\nE. Kursantka,kursantka@example.com,,,95\r\nGość,,,,20\r\n');
    const upload = (query: string, body: Uint8Array) => call(`/import?session=${session}${query}`, { method: 'POST', body: Buffer.from(body), headers: { 'content-type': 'text/csv', ...bearer(admin.token) } });
    const preview = (await (await upload('', report)).json()) as { plan: { matched: { purchaseId: string; minutes: number }[]; unmatched: { key: string }[] } };
    expect(preview.plan.matched).toMatchObject([{ purchaseId, minutes: 95 }]);
    expect(preview.plan.unmatched.map((p) => p.key)).toEqual(['name:gosc']);
    const applied = await upload('&apply=1', report);
    expect([applied.status, (await applied.json()).changed]).toEqual([200, 1]);
    const after = (await (await call('', { headers: bearer(admin.token) })).json()) as Sheet;
    expect(after.buyers[0]!.marks[session]).toMatchObject({ present: true, minutes: 95, source: 'import' });
    // 95 minutes count their share of the session's hours, down to a quarter (the rule itself: tests/modules/attendance/hours-counted.test.ts).
    const first = sheet.sessions[0]!;
    const share = Math.floor((first.hours * 4 * 95) / ((Date.parse(first.end) - Date.parse(first.start)) / 60_000)) / 4;
    expect(after.buyers[0]!.marks[session]!.hoursCounted).toBe(share);
    expect(share).toBeLessThan(first.hours);
    // The admin's "full hours" (a tick present) after the report: no minutes, the session's full hours.
    const full = await call('', { ...json({ sessionId: session, ticks: [{ purchaseId, present: true }] }), headers: { 'content-type': 'application/json', ...bearer(admin.token) } });
    expect(await full.json()).toEqual({ changed: 1 });
    const corrected = (await (await call('', { headers: bearer(admin.token) })).json()) as Sheet;
    expect(corrected.buyers[0]!.marks[session]).toMatchObject({ present: true, minutes: null, hoursCounted: first.hours, source: 'admin' });

    const wrong = await upload('&apply=1', new TextEncoder().encode('Imię;Kwota\nEwa;12\n'));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toContain('Expected columns: Name (Original Name), User Email');
    const tooLong = await upload('&apply=1', new TextEncoder().encode('Name (Original Name),User Email,Duration (Minutes)\nEwa,kursantka@example.com,100000\n'));
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json()).message).toMatch(/^Ewa Kursantka: 100000 min in the report, but the session lasts \d+ min/);
    // Every session present meets the default threshold: certificates issues one through the 'certificate-check' row.
    for (const s of sheet.sessions) await call('', { ...json({ sessionId: s.id, all: true }), headers: { 'content-type': 'application/json', ...bearer(admin.token) } });
    await expect.poll(async () => {
      const listed = (await (await fetch(`${server.url}/api/admin/certificates`, { headers: bearer(admin.token) })).json()) as { certificates: { purchaseId: string; number: string }[] };
      return listed.certificates.filter((c) => c.purchaseId === purchaseId).map((c) => c.number);
    }, { timeout: 20_000 }).toEqual([expect.stringMatching(/^CERT\/\d{4}\/\d{6}$/)]);

    const badSession = await call('/import?session=nope', { method: 'POST', body: Buffer.from(report), headers: { 'content-type': 'text/csv', ...bearer(admin.token), cookie: 'lang=pl' } });
    expect([badSession.status, (await badSession.json()).message]).toEqual([404, 'To wydarzenie nie ma takiego spotkania.']);
  });
});
