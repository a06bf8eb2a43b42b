import { expect, test } from '@playwright/test';
import { DEMO_KEYS, type AdminProduct } from '../../modules/catalogue/index.ts';
import { bearer, buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

/**
 * The personal join link as a buyer meets it in the confirmation mail (issue 24, attendance of issue 25): a mail
 * scanner fetching the link records nothing; the buyer, not signed in on their phone, is asked to press Join, which
 * records the click (present on the attendance sheet) and leads to the meeting.
 */
let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Record<string, string>;
const MEETING = 'https://meet.example/sesja-na-zywo';

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'szefowa@example.com' });
  admin = bearer((await signUp(server, smtp, 'szefowa@example.com', 'Anna Szefowa')).token);
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const api = (method: string, path: string, body?: unknown) => fetch(`${server.url}${path}`, {
  method, headers: { 'content-type': 'application/json', ...admin }, body: body === undefined ? undefined : JSON.stringify(body),
});

/** An event whose first session starts two hours from now, its join window already open (it opens three hours before). */
async function seminarOpenNow(): Promise<string> {
  const { key: _key, sessions: _sessions, ...shame } = ((await (await api('GET', '/api/admin/products')).json()) as AdminProduct[]).find((p) => p.key === DEMO_KEYS.shame)!;
  const startsAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000).toISOString();
  const created = await api('POST', '/api/admin/products', {
    ...shame, title: 'Sesja na żywo', titleEn: 'Live session', startsAt, dailyEnd: '23:59', breakTime: null, joinOpensMinutes: 180, liveLink: MEETING,
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { key: string }).key;
}

type Sheet = { sessions: { id: string }[]; buyers: { email: string; marks: Record<string, { present: boolean; source: string }> }[] };
const marksOf = async (key: string, email: string) =>
  ((await (await api('GET', `/api/admin/attendance/${key}`)).json()) as Sheet).buyers.find((b) => b.email === email)?.marks ?? {};

test('phone, signed out: the mailed join link asks to press Join, a scanner\'s fetch counts nothing, the press counts and leads to the meeting', async ({ browser }) => {
  const key = await seminarOpenNow();
  const buyer = await signUp(server, smtp, 'uczestniczka@example.com', 'Ola Uczestniczka');
  const before = smtp.received.length;
  await buyWithDevCheckout(server, buyer.token, key, `${key}-pln`);
  let link = '';
  await expect.poll(() => {
    const mail = smtp.received.slice(before).find((m) => m.envelopeTo.includes(buyer.email) && (m.parsed.text ?? '').includes('/dolacz/'));
    link = /(https?:\/\/\S+\/dolacz\/[^\s)>\]]+)/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
    return link;
  }, { timeout: 30_000 }).not.toBe('');
  const path = new URL(link).pathname;
  expect(smtp.received.slice(before).every((m) => !(m.parsed.text ?? '').includes(MEETING))).toBe(true);

  // A mail scanner fetches the link the moment the mail arrives: it is asked, it is not led anywhere.
  const scanned = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  expect(scanned.status).toBe(200);
  expect(await scanned.text()).not.toContain(MEETING);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await context.route('https://meet.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Spotkanie</title><h1>Spotkanie</h1>' }));
  await page.goto(`${server.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dołącz do spotkania' })).toBeVisible();
  await expect(page.getByTestId('join-confirm')).toContainText('Spotkanie jest otwarte.');
  expect(await axeFindings(page)).toEqual([]);
  const sheet = ((await (await api('GET', `/api/admin/attendance/${key}`)).json()) as Sheet);
  expect(await marksOf(key, buyer.email)).toEqual({});

  await page.getByRole('button', { name: 'Dołącz teraz' }).tap();
  await expect(page).toHaveURL(MEETING);
  await expect.poll(async () => (await marksOf(key, buyer.email))[sheet.sessions[0]!.id]?.present ?? null, { timeout: 15_000 }).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('desktop, in English: the same question and button', async ({ page }) => {
  const key = await seminarOpenNow();
  const buyer = await signUp(server, smtp, 'participant@example.com', 'Ann Participant');
  await buyWithDevCheckout(server, buyer.token, key, `${key}-pln`);
  const video = (await (await fetch(`${server.url}/api/videos/${key}`, { headers: bearer(buyer.token) })).json()) as { meetLink?: string };
  await page.goto(`${server.url}${new URL(video.meetLink!).pathname}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the meeting' })).toBeVisible();
  await expect(page.getByTestId('join-confirm')).toContainText('The meeting is open.');
  await expect(page.getByRole('button', { name: 'Join now' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});
