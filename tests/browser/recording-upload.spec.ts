import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { paddedVideo } from '../support/videos.ts';

/**
 * The catalogue editor's recording upload (issue 26): progress, pause, a reload, the same file chosen again resumes;
 * then transcoded by this server (TRANSCODE_WORKERS 1) until the panel shows it ready. A file that is no video is refused.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let dir: string;
let file: string;
const SIZE = 12 * 1024 * 1024;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com', TRANSCODE_WORKERS: '1' });
  admin = (await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token;
  dir = mkdtempSync(join(tmpdir(), 'recording-'));
  file = join(dir, 'dzien-1.mp4');
  writeFileSync(file, await paddedVideo(SIZE));
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); rmSync(dir, { recursive: true, force: true }); });

async function openEditor(page: Page) {
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Catalogue' }).click();
  const section = page.getByRole('tabpanel', { name: 'Catalogue' });
  await section.getByRole('button', { name: 'Edit: Shame in the Therapeutic Relationship' }).click();
  return section.getByTestId('recording-upload');
}

test('the admin uploads a recording with progress and time left, pauses, reloads, resumes with the same file, and sees it transcoded', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  // A slow line (about 1.5 MB/s up), so there is time to see the progress and pause.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1.5 * 1024 * 1024 });

  let control = await openEditor(page);
  await expect(control.getByTestId('recording-status')).toHaveText('Recording status: No recording uploaded. ');
  await control.getByLabel('Recording file').setInputFiles(file);
  const progress = control.getByTestId('recording-progress');
  await expect(progress).toContainText(/\d+% sent \(.+ of 12 MB\)/);
  await expect(progress).toContainText(/About \d+:\d\d left/, { timeout: 10_000 });
  await control.getByRole('button', { name: 'Pause' }).click();
  await expect(progress).toContainText('Paused.');
  await expect(control.getByRole('progressbar')).toBeVisible();

  await page.reload();
  control = await openEditor(page);
  await expect(control.getByTestId('recording-unfinished')).toHaveText('Unfinished upload: dzien-1.mp4. Choose the same file to resume it.');
  const created: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('/api/admin/uploads') && r.method() === 'POST') created.push(r.url()); });
  const asked = page.waitForRequest((r) => r.method() === 'HEAD' && /\/api\/admin\/uploads\/[0-9a-f]+$/.test(r.url()));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await control.getByLabel('Recording file').setInputFiles(file);
  await asked;
  await expect(control.getByText('File sent. The recording is being prepared.')).toBeVisible({ timeout: 20_000 });
  expect(created, 'the same file continues its upload, no new one is made').toEqual([]);
  // Handed to modules/recordings: queued, then transcoded by this server's worker.
  await expect(control.getByTestId('recording-status')).toContainText(/Waiting to be processed\.|Processing: \d+%\.|Recording ready\./);
  const status = async () => (await (await page.request.get(`${server.url}/api/admin/recordings/${DEMO_KEYS.shame}`)).json()) as { job: { state: string } | null };
  await expect.poll(async () => (await status()).job?.state, { timeout: 60_000, intervals: [250] }).toBe('ready');
  await page.reload();
  control = await openEditor(page);
  await expect(control.getByTestId('recording-status')).toHaveText(/^Recording status: Recording available: version 1, 0:0[12]\. Recording ready\.$/);
  expect(errors).toEqual([]);
});

test('a file that is not a video is refused with the reason, and nothing is queued', async ({ page }) => {
  const errors = watchErrors(page);
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  const notes = join(dir, 'notatki.mp4');
  writeFileSync(notes, randomBytes(256 * 1024));
  // Whatever an earlier upload started has settled first: the status compared below must not move on its own.
  const job = async () => ((await (await page.request.get(`${server.url}/api/admin/recordings/${DEMO_KEYS.shame}`)).json()) as { job: { state: string } | null }).job;
  await expect.poll(async () => { const j = await job(); return !j || j.state === 'ready' || j.state === 'failed'; }, { timeout: 60_000, intervals: [250] }).toBe(true);
  const control = await openEditor(page);
  // The status is filled in once the panel has asked the server: read it only then.
  await expect(control.getByTestId('recording-status')).toHaveText(/^Recording status: \S/);
  const before = await control.getByTestId('recording-status').textContent();
  await control.getByLabel('Recording file').setInputFiles(notes);
  await expect(control.getByRole('alert')).toHaveText('The upload failed: This is not a video. Send a video recording (for example an MP4 from Zoom).');
  await page.reload();
  await expect(await openEditor(page).then((c) => c.getByTestId('recording-status'))).toHaveText(before!);
  expect(errors.filter((e) => !/415/.test(e))).toEqual([]);
});
