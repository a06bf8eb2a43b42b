import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { onPostgres, withoutPostgres } from '../support/databases.ts';
import type { RunningServer } from '../support/server.ts';
import { useTwoInstances } from '../support/two-instances.ts';

// Several instances can only share a server database; the embedded one belongs to one process.
describe.skipIf(withoutPostgres)(onPostgres('a full refund on one instance ends access on every instance at once'), () => {
  const site = useTwoInstances({ ADMIN_EMAILS: 'szefowa@example.com' });

  it('drops the buyer\'s cached pages and access on the other instance before the refund\'s answer arrives', async () => {
    const { a, b, smtp } = site;
    const admin = bearer((await signUp(a, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
    const ewa = await signUp(a, smtp, 'ewa@example.com', 'Ewa Kowalska');
    await buyWithDevCheckout(a, ewa.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const page = (server: RunningServer, path: string) => fetch(`${server.url}${path}`, { headers: { cookie: `session=${ewa.token}; lang=en` }, redirect: 'manual' });
    for (const server of [a, b]) {
      expect((await page(server, `/watch-video/${DEMO_KEYS.trauma}`)).status).toBe(200);
      await page(server, '/video');
    }
    const list = (await (await fetch(`${a.url}/api/admin/attendees/${DEMO_KEYS.trauma}`, { headers: admin })).json()) as { attendees: { purchaseId: string; amount: number }[] };
    const { purchaseId, amount } = list.attendees[0]!;
    const res = await fetch(`${a.url}/api/admin/purchases/${purchaseId}/refunds`, {
      method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ amountMinor: Math.round(amount * 100), reason: 'cancelled' }),
    });
    expect(await res.json()).toMatchObject({ status: 'completed', accessEnded: true });
    // The commit's NOTIFY has gone out before the answer; the other instance hears it within the notification's trip.
    for (const server of [b, a]) {
      await expect.poll(async () => (await page(server, `/watch-video/${DEMO_KEYS.trauma}`)).status, { timeout: 2_000, interval: 20 }).toBe(403);
      expect(await (await page(server, '/video')).text()).toContain('Access ended by a refund');
    }
  });
});
