import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { onPostgres, withoutPostgres } from '../support/databases.ts';
import type { RunningServer } from '../support/server.ts';
import { useTwoInstances } from '../support/two-instances.ts';

// Several instances can only share a server database; the embedded one belongs to one process.
describe.skipIf(withoutPostgres)(onPostgres('a withdrawal on one instance ends access on the other at once'), () => {
  const site = useTwoInstances();

  it('drops the buyer\'s cached pages, links and watch page on both instances before the answer arrives', async () => {
    const { a, b, smtp } = site;
    const { token } = await signUp(a, smtp, 'dwie-instancje-odstapienie@example.com', 'Ewa');
    await buyWithDevCheckout(a, token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
    const profile = async (server: RunningServer) => {
      const res = await fetch(`${server.url}/profile`, { headers: bearer(token) });
      return { cache: res.headers.get('x-astro-cache'), keys: ((await res.json()) as { purchasedVideos: { key: string }[] }).purchasedVideos.map((v) => v.key) };
    };
    for (const server of [a, b]) await expect.poll(async () => (await profile(server)).cache, { timeout: 15_000 }).toBe('HIT');
    expect((await profile(b)).keys).toEqual([DEMO_KEYS.trauma]);
    const html = await (await fetch(`${a.url}/video`, { headers: { cookie: `session=${token}` } })).text();
    const link = /href="(\/odstapienie\/[^"]+)"/.exec(html)![1]!;

    const done = await fetch(`${a.url}${link}`, { method: 'POST', headers: { origin: a.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'confirm=1' });
    expect(done.status).toBe(200);
    // The commit's NOTIFY has gone out before the answer; the other instance hears it within the notification's trip.
    for (const server of [b, a]) {
      await expect.poll(async () => (await profile(server)).keys, { timeout: 2_000, interval: 20 }).toEqual([]);
      const video = (await (await fetch(`${server.url}/api/videos/${DEMO_KEYS.trauma}`, { headers: bearer(token) })).json()) as Record<string, unknown>;
      expect(video).not.toHaveProperty('watchURL');
      expect(await (await fetch(`${server.url}/watch-video/${DEMO_KEYS.trauma}`, { headers: { cookie: `session=${token}` } })).text()).toContain('Brak dostępu');
    }
  });
});
