import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/** The watch page plays the demo recording as HLS once this server (TRANSCODE_WORKERS 1) has transcoded it (issue 26). */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', TRANSCODE_WORKERS: '1' });
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

test('an owner plays the transcoded recording through HLS; a single quality offers no quality menu', async ({ page }) => {
  const errors = watchErrors(page);
  const admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
  const state = async () => ((await (await fetch(`${server.url}/api/admin/recordings/${DEMO_KEYS.trauma}`, { headers: admin })).json()) as { job: { state: string } | null }).job?.state;
  await expect.poll(state, { timeout: 60_000, intervals: [250] }).toBe('ready');
  const owner = await signUp(server, smtp, 'widz@example.com', 'Ewa Widz');
  await buyWithDevCheckout(server, owner.token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
  await page.context().addCookies([{ name: 'session', value: owner.token, url: server.url }]);

  const playlists: string[] = [];
  page.on('response', (r) => { if (r.url().includes('/media/hls/')) playlists.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  await page.goto(`${server.url}/watch-video/${DEMO_KEYS.trauma}`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByRole('button', { name: 'Odtwórz nagranie' }).click();
  const video = page.getByTestId('recording');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect(await video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2)).toBe(true);
  // Served as HLS (hls.js fetching the master, a variant and its segments), not the signed file.
  expect(playlists).toContain(`200 /media/hls/${DEMO_KEYS.trauma}/1/master.m3u8`);
  expect(playlists.some((p) => /^200 \/media\/hls\/.+\/seg_\d+\.m4s$/.test(p))).toBe(true);
  // The demo recording is 320×180: one rung of the ladder (180p), so there is nothing to choose between.
  await expect(page.getByTestId('recording-quality')).toHaveCount(0);
  expect(errors).toEqual([]);
});
