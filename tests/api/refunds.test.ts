import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

type Attendee = { purchaseId: string; email: string; state: string; amount: number; refundedAmount: number; refundPendingAmount: number };

/** POST /api/admin/purchases/{id}/refunds on the dev checkout: what the admin, the buyer and the audit trail see. */
describe('refunds from the admin panel (dev checkout: recorded at once)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let buyers = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', cookie: 'lang=en', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const refund = (purchaseId: string, body: unknown, headers = admin) => call('POST', `/api/admin/purchases/${purchaseId}/refunds`, headers, body);
  const attendees = async (key: string) => ((await (await call('GET', `/api/admin/attendees/${key}`, admin)).json()) as { attendees: Attendee[]; totals: unknown });
  /** A new buyer who bought `key` on the dev checkout; answers their session and the purchase id the admin sees. */
  const buyer = async (key: string) => {
    const who = await signUp(server, smtp, `kupujaca-${++buyers}@example.com`, 'Ewa Kupująca');
    await buyWithDevCheckout(server, who.token, key, `price_demo_${key === DEMO_KEYS.trauma ? 'trauma' : 'shame'}_pln`);
    const row = (await attendees(key)).attendees.find((a) => a.email === who.email)!;
    return { ...who, purchaseId: row.purchaseId };
  };
  const page = (path: string, token: string) => fetch(`${server.url}${path}`, { headers: { cookie: `session=${token}; lang=en` }, redirect: 'manual' });

  it('refuses anyone but an admin, and a body it cannot read, changing nothing', async () => {
    const ewa = await buyer(DEMO_KEYS.trauma);
    expect((await refund(ewa.purchaseId, { amountMinor: 100, reason: 'x' }, {})).status).toBe(401);
    const forbidden = await refund(ewa.purchaseId, { amountMinor: 100, reason: 'x' }, bearer(ewa.token));
    expect(forbidden.status).toBe(403);
    for (const body of [{ amountMinor: 1.5, reason: 'x' }, { amountMinor: '100', reason: 'x' }, { amountMinor: 100 }, { amountMinor: 100, reason: 'x', refundId: 'not-a-uuid' }]) {
      expect((await refund(ewa.purchaseId, body)).status).toBe(400);
    }
    const noReason = await refund(ewa.purchaseId, { amountMinor: 100, reason: '  ' });
    expect([noReason.status, await noReason.json()]).toEqual([400, { message: 'Give a reason for the refund.' }]);
    const unknown = await refund('no-such-purchase', { amountMinor: 100, reason: 'x' });
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'There is no such purchase.' }]);
    expect((await attendees(DEMO_KEYS.trauma)).attendees.find((a) => a.purchaseId === ewa.purchaseId)).toMatchObject({ state: 'paid', refundedAmount: 0 });
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ewa.token)).status).toBe(200);
  });

  it('refunds part, then the rest: access ends at once, the buyer is told and sees it, the trail records it, and may buy again', async () => {
    const ewa = await buyer(DEMO_KEYS.trauma);
    const before = (await attendees(DEMO_KEYS.trauma)).attendees.find((a) => a.purchaseId === ewa.purchaseId)!;
    const paidMinor = Math.round(before.amount * 100);
    const part = await refund(ewa.purchaseId, { amountMinor: 1000, reason: 'late start' });
    expect([part.status, await part.json()]).toEqual([200, { refundId: expect.any(String), status: 'completed', accessEnded: false }]);
    expect((await attendees(DEMO_KEYS.trauma)).attendees.find((a) => a.purchaseId === ewa.purchaseId)).toMatchObject({ state: 'partlyRefunded', refundedAmount: 10 });
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ewa.token)).status).toBe(200);

    // A recording link issued before the refund, still within its hour.
    const video = async () => (await (await call('GET', `/api/videos/${DEMO_KEYS.trauma}`, bearer(ewa.token))).json()) as { watchURL?: string; meetLink?: string };
    const issued = (await video()).watchURL!;
    expect((await fetch(`${server.url}${issued}`, { headers: { range: 'bytes=0-9' } })).status).toBe(206);

    const tooMuch = await refund(ewa.purchaseId, { amountMinor: paidMinor, reason: 'everything' });
    expect([tooMuch.status, await tooMuch.json()]).toMatchObject([409, { message: 'The refund is more than was paid, less earlier refunds.' }]);
    const rest = await refund(ewa.purchaseId, { amountMinor: paidMinor - 1000, reason: 'cancelled' });
    expect(await rest.json()).toMatchObject({ status: 'completed', accessEnded: true });
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ewa.token)).status).toBe(403);
    expect((await fetch(`${server.url}${issued}`, { headers: { range: 'bytes=0-9' } })).status).toBe(403);
    const gone = await video();
    expect(gone).not.toHaveProperty('watchURL');
    expect(gone).not.toHaveProperty('meetLink');
    const again = await refund(ewa.purchaseId, { amountMinor: 100, reason: 'twice' });
    expect([again.status, await again.json()]).toEqual([409, { message: 'This purchase has already been refunded in full.' }]);
    expect((await attendees(DEMO_KEYS.trauma)).attendees.find((a) => a.purchaseId === ewa.purchaseId)).toMatchObject({ state: 'refunded', refundedAmount: before.amount });

    expect(await waitForMails(smtp, ewa.email, 2), 'one notice per refund, in the buyer\'s language').toBe(2);
    const csv = (await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.trauma}?format=csv`, admin)).text()).split('\r\n');
    expect(csv.find((l) => l.includes(ewa.email))).toMatch(new RegExp(`"refunded","","${before.amount.toFixed(2).replace('.', '\\.')}"$`));
    const library = await (await page('/video', ewa.token)).text();
    expect(library).toContain('id="my-refunds"');
    expect(library).toContain('Access ended by a refund');
    const trail = (await (await call('GET', `/api/admin/audit?type=refund&subject=${DEMO_KEYS.trauma}`, admin)).json()) as { items: { event: string; summary: string }[] };
    const ours = trail.items.filter((i) => i.summary.includes('Ewa Kupująca'));
    expect(ours.map((i) => i.event)).toEqual(expect.arrayContaining(['RefundRequested', 'RefundCompleted']));
    expect(ours.some((i) => /^Refund requested: .+, 10\.00 PLN, Ewa Kupująca \(late start\)$/.test(i.summary))).toBe(true);

    await buyWithDevCheckout(server, ewa.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    expect((await page(`/watch-video/${DEMO_KEYS.trauma}`, ewa.token)).status).toBe(200);
  });

  it('makes one refund of a double submit (one refund id), and refuses a grant by hand', async () => {
    const ola = await buyer(DEMO_KEYS.shame);
    const body = { amountMinor: 500, reason: 'double click', refundId: '4f7a2c9e-1b3d-4e8f-a6b5-0c9d8e7f6a51' };
    const both = await Promise.all([refund(ola.purchaseId, body), refund(ola.purchaseId, body)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await Promise.all(both.map((r) => r.json()))).map((a) => (a as { refundId: string }).refundId)).toEqual([body.refundId, body.refundId]);
    expect((await attendees(DEMO_KEYS.shame)).attendees.find((a) => a.purchaseId === ola.purchaseId)).toMatchObject({ state: 'partlyRefunded', refundedAmount: 5 });

    // The same id on another buyer's purchase is refused: that buyer keeps access, nothing is recorded or mailed.
    const iga = await buyer(DEMO_KEYS.shame);
    const taken = await refund(iga.purchaseId, { ...body, amountMinor: 100, reason: 'reused id' });
    expect([taken.status, await taken.json()]).toEqual([409, { message: 'This refund id already belongs to another purchase. Open the refund dialog again.' }]);
    expect((await attendees(DEMO_KEYS.shame)).attendees.find((a) => a.purchaseId === iga.purchaseId)).toMatchObject({ state: 'paid', refundedAmount: 0 });
    expect((await page(`/watch-video/${DEMO_KEYS.shame}`, iga.token)).status).toBe(200);
    expect(await waitForMails(smtp, iga.email, 0)).toBe(0);

    const someone = await signUp(server, smtp, 'darmowa@example.com', 'Ala Darmowa');
    const granted = (await (await call('POST', '/api/admin/grants', admin, { productKey: DEMO_KEYS.trauma, email: someone.email, reason: 'free place' })).json()) as { purchaseId: string };
    const refused = await refund(granted.purchaseId, { amountMinor: 100, reason: 'x' });
    expect([refused.status, await refused.json()]).toEqual([409, { message: 'Only a paid purchase can be refunded (not access granted by hand, nor an unpaid order).' }]);
  });
});

/** The buyer's refund notices, waiting for them to arrive: answers how many reached `to`. */
async function waitForMails(smtp: Awaited<ReturnType<typeof startSmtp>>, to: string, count: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const n = smtp.received.filter((m) => m.envelopeTo.includes(to) && /^(Zwrot płatności|Payment refunded)/.test(m.parsed.subject ?? '')).length;
    if (n >= count || Date.now() > deadline) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
}
