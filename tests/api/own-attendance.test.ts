import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Training = {
  productKey: string; title: string; hoursOffered: number; hoursAttended: number; meetsThreshold: boolean; progress: string;
  sessions: { sessionId: string; when: string; status: string; statusText: string; minutes: number | null; hoursCounted: number; hoursText: string }[];
};
const NBSP = '\u00a0';

/**
 * GET /api/user/attendance: the caller's own attendance per training, in their language. The seed's field theory
 * workshop has three sessions of 10:00–18:30 with an hour's lunch: 7.5 hours each, 22.5 in all, every session needed.
 */
describe('/api/user/attendance (the caller\'s own)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string };
  let ewa: { token: string };
  let olek: { token: string };
  let nobody: { token: string };
  const key = DEMO_KEYS.fieldTheory;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa');
    ewa = await signUp(server, smtp, 'ewa@example.com', 'Ewa Kursantka');
    olek = await signUp(server, smtp, 'olek@example.com', 'Olek Drugi');
    nobody = await signUp(server, smtp, 'nikt@example.com', 'Nikt Nic');
    await buyWithDevCheckout(server, ewa.token, key, 'price_demo_field_theory_pln');
    await buyWithDevCheckout(server, olek.token, key, 'price_demo_field_theory_pln');

    const asAdmin = { ...bearer(admin.token), origin: server.url };
    const sheet = (await (await fetch(`${server.url}/api/admin/attendance/${key}`, { headers: asAdmin })).json()) as { sessions: { id: string }[]; buyers: { purchaseId: string; name: string }[] };
    const [first, second] = sheet.sessions.map((s) => s.id);
    const purchaseOf = (name: string) => sheet.buyers.find((b) => b.name === name)!.purchaseId;
    const tick = (sessionId: string, purchaseId: string, present: boolean) => fetch(`${server.url}/api/admin/attendance/${key}`, {
      method: 'POST', headers: { ...asAdmin, 'content-type': 'application/json' }, body: JSON.stringify({ sessionId, ticks: [{ purchaseId, present }] }),
    });
    expect((await tick(first!, purchaseOf('Ewa Kursantka'), true)).status).toBe(200);
    expect((await tick(first!, purchaseOf('Olek Drugi'), false)).status).toBe(200);
    // Ewa left the second session early: 255 of its 510 minutes, half of its 7.5 hours.
    const report = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes)\r\nEwa K.,ewa@example.com,,,255\r\n';
    const imported = await fetch(`${server.url}/api/admin/attendance/${key}/import?session=${second}&apply=1`, { method: 'POST', headers: { ...asAdmin, 'content-type': 'text/csv' }, body: report });
    expect(imported.status).toBe(200);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const mine = async (token: string, lang: 'pl' | 'en') => {
    const response = await fetch(`${server.url}/api/user/attendance`, { headers: { ...bearer(token), cookie: `lang=${lang}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { trainings: Training[] }).trainings;
  };

  it('answers 401 without a session', async () => {
    const response = await fetch(`${server.url}/api/user/attendance`);
    expect(response.status).toBe(401);
  });

  it('shows the buyer each session present, absent or not recorded, the hours counted of those offered and the way to the certificate, in Polish', async () => {
    const [training, ...more] = await mine(ewa.token, 'pl');
    expect(more).toEqual([]);
    expect(training).toMatchObject({ productKey: key, title: 'Teoria pola w pracy z grupą', hoursOffered: 22.5, hoursAttended: 11.25, meetsThreshold: false });
    expect(training!.progress).toBe(`Policzone godziny: 11,25${NBSP}h z 22,5${NBSP}h; zaświadczenie po obecności na wszystkich spotkaniach (obecność: 2 z 3).`);
    expect(training!.sessions.map((s) => [s.status, s.statusText, s.hoursText])).toEqual([
      ['present', 'obecny(a)', `7,5${NBSP}h z 7,5${NBSP}h`],
      ['present', 'obecny(a), 255 min', `3,75${NBSP}h z 7,5${NBSP}h`],
      ['unrecorded', 'jeszcze nie odnotowano', `0${NBSP}h z 7,5${NBSP}h`],
    ]);
    // Warsaw's clock, the day in words.
    for (const s of training!.sessions) expect(s.when).toMatch(/^\d{1,2} \p{L}+ \d{4}, 10:00–18:30$/u);
  });

  it('says the same in English', async () => {
    const [training] = await mine(ewa.token, 'en');
    expect(training!.title).toBe('Field Theory in Group Work');
    expect(training!.progress).toBe(`Hours counted: 11.25${NBSP}h of 22.5${NBSP}h; a certificate once you have attended every session (attended: 2 of 3).`);
    expect(training!.sessions.map((s) => s.statusText)).toEqual(['present', 'present, 255 min', 'not recorded yet']);
    expect(training!.sessions[1]!.hoursText).toBe(`3.75${NBSP}h of 7.5${NBSP}h`);
    for (const s of training!.sessions) expect(s.when).toMatch(/^\d{1,2} \p{L}+ \d{4}, 10:00–18:30$/u);
  });

  it('shows another buyer of the same training their own marks only, and someone holding nothing nothing', async () => {
    const trainings = await mine(olek.token, 'en');
    expect(trainings.map((t) => [t.hoursAttended, t.sessions.map((s) => s.status)])).toEqual([[0, ['absent', 'unrecorded', 'unrecorded']]]);
    const text = JSON.stringify(trainings);
    expect(text).not.toContain('255');
    expect(text).not.toMatch(/ewa|Kursantka|purchase|userId/i);
    expect(await mine(nobody.token, 'pl')).toEqual([]);
  });
});
