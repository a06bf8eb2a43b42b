import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** POST /api/admin/grants and DELETE /api/admin/grants/{id}: a place given by hand, as the admin, the user and the audit trail see it. */
describe('access granted and revoked by hand (admin only)', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Record<string, string>;
  let student: { token: string; email: string };
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
    admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
    student = await signUp(server, smtp, 'studentka@example.com', 'Ola Studentka');
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); });

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) => fetch(`${server.url}${path}`, {
    method, headers: { 'content-type': 'application/json', cookie: 'lang=en', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const grant = (headers: Record<string, string>, body: unknown) => call('POST', '/api/admin/grants', headers, body);
  const owned = async () => ((await (await call('GET', '/profile', bearer(student.token))).json()) as { purchasedVideos: { key: string }[] })
    .purchasedVideos.map((v) => v.key);

  it('answers 401 without a session and 403 for a user who is not an admin, granting nothing', async () => {
    const body = { productKey: DEMO_KEYS.breath, email: student.email, reason: 'sam sobie' };
    const anonymous = await grant({}, body);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'You need to be logged in.' }]);
    const forbidden = await grant(bearer(student.token), body);
    expect(forbidden.status).toBe(403);
    expect((await call('DELETE', '/api/admin/grants/anything', bearer(student.token))).status).toBe(403);
    expect(await owned()).toEqual([]);
  });

  it('grants a product with a reason: the user owns it at once, the attendee list and the audit trail show it', async () => {
    const res = await grant(admin, { productKey: DEMO_KEYS.shame, email: 'STUDENTKA@example.com', reason: 'przelew bankowy 12.11' });
    expect(res.status).toBe(200);
    const { purchaseId } = (await res.json()) as { purchaseId: string };
    expect(await owned()).toEqual([DEMO_KEYS.shame]);
    const list = (await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.shame}`, admin)).json()) as {
      attendees: { purchaseId: string; email: string; state: string; reason: string | null; amount: number }[]; totals: { granted: number; paid: unknown[] };
    };
    expect(list.attendees).toEqual([expect.objectContaining({ purchaseId, email: 'studentka@example.com', state: 'granted', reason: 'przelew bankowy 12.11', amount: 0 })]);
    expect(list.totals).toMatchObject({ granted: 1, paid: [] });
    const again = await grant(admin, { productKey: DEMO_KEYS.shame, email: student.email, reason: 'jeszcze raz' });
    expect([again.status, await again.json()]).toEqual([409, { message: 'You already have access to this material.' }]);

    const revoked = await call('DELETE', `/api/admin/grants/${purchaseId}`, admin);
    expect([revoked.status, await revoked.json()]).toEqual([200, { result: 'revoked' }]);
    expect(await owned()).toEqual([]);
    expect((await (await call('GET', `/api/admin/attendees/${DEMO_KEYS.shame}`, admin)).json()).attendees).toEqual([]);
    const trail = (await (await call('GET', `/api/admin/audit?type=purchase&subject=${DEMO_KEYS.shame}`, admin)).json()) as { items: { event: string; summary: string; actor: { id: string; name: string } | null }[] };
    expect(trail.items.map((i) => i.event)).toEqual(['AccessRevoked', 'AccessGranted']);
    expect(trail.items[1]!.summary).toMatch(/^Access granted by hand: .+, Ola Studentka \(przelew bankowy 12\.11\)$/);
    const me = (await (await call('GET', '/profile', admin)).json()) as { id: string };
    expect(trail.items.map((i) => i.actor?.id), 'the admin who did it').toEqual([me.id, me.id]);
  });

  it('refuses an unknown address, an unknown product, a missing reason, and revoking what is not a grant', async () => {
    const unknownUser = await grant(admin, { productKey: DEMO_KEYS.trauma, email: 'nikt@example.com', reason: 'x' });
    expect([unknownUser.status, await unknownUser.json()]).toEqual([404, { message: 'There is no account with this e-mail address.' }]);
    expect((await grant(admin, { productKey: 'no-such-product', email: student.email, reason: 'x' })).status).toBe(404);
    const noReason = await grant(admin, { productKey: DEMO_KEYS.trauma, email: student.email, reason: '   ' });
    expect([noReason.status, await noReason.json()]).toEqual([400, { message: 'Give a reason for granting access.' }]);
    expect((await grant(admin, { productKey: DEMO_KEYS.trauma, email: 'not-an-address', reason: 'x' })).status).toBe(400);
    const notAGrant = await call('DELETE', '/api/admin/grants/no-such-grant', admin);
    expect([notAGrant.status, await notAGrant.json()]).toEqual([404, { message: 'No such granted access.' }]);
    expect(await owned()).toEqual([]);
  });
});
