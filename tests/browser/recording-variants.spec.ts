import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { uploadRecording } from '../support/recordings.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { makeVideo } from '../support/videos.ts';

/**
 * Every variant of the HLS ladder plays in Chromium with hls.js (issue 26): a generated 1280×720 recording uploaded for
 * a past seminar gets 360p, 480p, 720p and audio only; the owner's player lists the three video qualities and audio
 * only, and plays the first seconds of each when chosen. hls.js leaves audio-only variants out of a ladder that has
 * video, so the player loads the audio variant on its own for "audio only" (as the last test does with bare hls.js).
 */
const key = DEMO_KEYS.contactStyles;
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dir: string;
let version: number;
let viewer: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', TRANSCODE_WORKERS: '1' });
  dir = mkdtempSync(join(tmpdir(), 'recording-variants-'));
  const admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  const source = await makeVideo(join(dir, 'hd.mp4'), { width: 1280, height: 720, seconds: 4 });
  // After the seed's demo recording of this seminar (version 1): the upload replaces it.
  version = await uploadRecording(server, admin, key, readFileSync(source), 150_000);
  viewer = (await signUp(server, smtp, 'widz@example.com', 'Ewa Widz')).token;
  await buyWithDevCheckout(server, viewer, key, 'price_demo_contact_styles_pln');
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); if (dir) rmSync(dir, { recursive: true, force: true }); });

test('the quality menu lists 360p, 480p, 720p and audio only, and each plays its first seconds when chosen', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const segments: string[] = [];
  page.on('response', (r) => {
    const m = /\/media\/hls\/[^/]+\/\d+\/(\w+)\/seg_\d+\.m4s$/.exec(new URL(r.url()).pathname);
    if (m && r.status() === 200) segments.push(m[1]!);
  });
  await page.context().addCookies([{ name: 'session', value: viewer, url: server.url }]);
  await page.goto(`${server.url}/watch-video/${key}`);
  await page.locator('astro-island:not([ssr])').first().waitFor();
  await page.getByRole('button', { name: 'Odtwórz nagranie' }).click();
  const video = page.getByTestId('recording');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);

  const menu = page.getByTestId('recording-quality');
  await expect(menu.locator('option')).toHaveText(['Automatyczna', '360p', '480p', '720p', 'Tylko dźwięk']);
  for (const height of [360, 480, 720]) {
    await menu.selectOption({ label: `${height}p` });
    const fetched = segments.length;
    // From the start again (the recording is 4 s): the chosen level's segment is fetched and its frames shown.
    await video.evaluate((v: HTMLVideoElement) => { v.currentTime = 0; void v.play(); });
    await expect.poll(() => segments.slice(fetched), { timeout: 15_000, message: `a ${height}p segment fetched` }).toContain(`${height}p`);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => ({ height: v.videoHeight, moving: v.currentTime > 0.5 && !v.paused })),
      { timeout: 15_000, message: `${height}p playing` }).toEqual({ height, moving: true });
  }
  // Audio only: its segments, no picture; then back to a picture (the master loaded again).
  await video.evaluate((v: HTMLVideoElement) => { v.currentTime = 0; });
  let fetched = segments.length;
  await menu.selectOption({ label: 'Tylko dźwięk' });
  await expect.poll(() => segments.slice(fetched), { timeout: 15_000, message: 'an audio segment fetched' }).toContain('audio');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => ({ height: v.videoHeight, moving: v.currentTime > 0.5 && !v.paused })),
    { timeout: 15_000, message: 'audio only playing' }).toEqual({ height: 0, moving: true });
  fetched = segments.length;
  await video.evaluate((v: HTMLVideoElement) => { v.currentTime = 0; });
  await menu.selectOption({ label: '480p' });
  await video.evaluate((v: HTMLVideoElement) => { void v.play(); });
  await expect.poll(() => segments.slice(fetched), { timeout: 15_000, message: 'a 480p segment fetched again' }).toContain('480p');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => ({ height: v.videoHeight, moving: v.currentTime > 0.5 && !v.paused })),
    { timeout: 15_000, message: '480p playing again' }).toEqual({ height: 480, moving: true });
  expect(new Set(segments)).toEqual(new Set(['360p', '480p', '720p', 'audio']));
  expect(errors).toEqual([]);
});

test('the audio-only variant plays through hls.js on its own', async ({ browser }) => {
  // A page of this origin with hls.js added as a script (the site's CSP rightly allows no script of a test's).
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  try {
    const playback = await fetch(`${server.url}/api/recordings/${key}/playback`, { headers: bearer(viewer) });
    const master = new URL(((await playback.json()) as { url: string }).url, server.url);
    expect(master.pathname).toBe(`/media/hls/${key}/${version}/master.m3u8`);
    const audio = new URL(`audio/playlist.m3u8${master.search}`, master).href;
    await page.goto(`${server.url}/robots.txt`);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js') });
    await page.evaluate((url) => {
      const Hls = (window as unknown as { Hls: { new (o: object): { loadSource(u: string): void; attachMedia(v: HTMLMediaElement): void } } }).Hls;
      const v = document.createElement('video');
      v.muted = true;
      document.body.append(v);
      const hls = new Hls({ enableWorker: false });
      hls.loadSource(url);
      hls.attachMedia(v);
      void v.play();
    }, audio);
    const media = page.locator('video');
    await expect.poll(() => media.evaluate((v: HTMLVideoElement) => ({ moving: v.currentTime > 0.5, height: v.videoHeight })), { timeout: 15_000 })
      .toEqual({ moving: true, height: 0 });
  } finally {
    await context.close();
  }
});
