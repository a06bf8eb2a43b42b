import { expect, test, type Page } from '@playwright/test';
import { firstAdminSignIn } from '../support/accounts.ts';
import { axeFindings, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * The admin's inbox and tables on a phone (390 px) and a desktop: no SMTP_URL, so mail stays in the dev mailbox and
 * the dev mailbox tab has rows. The first admin signs in by the link the first start printed.
 */
let server: RunningServer;
let admin: string;
test.beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: 'pierwsza@example.com' });
  admin = (await firstAdminSignIn(server)).token;
  const post = (path: string, body: object) => fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(body),
  });
  for (const [name, email, phone] of [
    ['Żaneta Żółwińska', 'zaneta.bardzo.dlugi.adres@example.com', '+48 601 222 333'], ['Piotr Nowak', 'piotr@example.com', '+48 602 444 555'],
    ['Olga Odchodząca', 'olga@example.com', '+48 603 666 777'],
  ]) {
    const res = await post('/register', { name, email, phone, password: 'secret123', repeat: 'secret123', language: 'pl' });
    expect(res.status).toBe(201);
  }
  // A deleted account gives the audit trail a row to show.
  const users = (await (await fetch(`${server.url}/api/users`, { headers: { authorization: `Bearer ${admin}` } })).json()) as { id: string; name: string }[];
  const olga = users.find((u) => u.name === 'Olga Odchodząca')!;
  expect((await fetch(`${server.url}/api/users/${olga.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
  for (const [fromName, email, message] of [
    ['Jan Pytający', 'jan@example.com', 'Czy trening jest dla początkujących?'],
    ['Ola Ciekawa', 'ola+pytanie@example.com', 'Dzień dobry,\nczy będzie nagranie? Pozdrawiam & dziękuję'],
  ]) expect((await post('/api/contact', { fromName, email, message })).status).toBe(201);
});
test.afterAll(async () => { await server?.stop(); });

async function openSection(page: Page, tab: string) {
  await page.context().addCookies([{ name: 'session', value: admin, url: server.url }]);
  await page.goto(`${server.url}/admin?lang=en`);
  await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const section = page.getByRole('tabpanel', { name: tab, exact: true });
  await expect(section.locator('.spinner')).toHaveCount(0);
  return section;
}

test('the inbox lists the newest message first, marks unread ones, opens one as read and offers a reply by e-mail', async ({ page }) => {
  const errors = watchErrors(page);
  const section = await openSection(page, 'Messages');
  await expect(section.getByText('Messages: 2, unread: 2')).toBeVisible();
  const items = section.getByRole('listitem');
  await expect(items.first()).toContainText('Ola Ciekawa');
  await expect(items.nth(1)).toContainText('Jan Pytający');
  await expect(items.first()).toContainText('new');

  await section.getByRole('button', { name: /Ola Ciekawa/ }).click();
  await expect(section.getByRole('heading', { name: 'Ola Ciekawa' })).toBeFocused();
  await expect(section.locator('.admin-mail-text')).toHaveText('Dzień dobry,\nczy będzie nagranie? Pozdrawiam & dziękuję');
  const reply = section.getByRole('link', { name: 'Reply by e-mail' });
  const href = (await reply.getAttribute('href'))!;
  expect(href.startsWith('mailto:ola%2Bpytanie@example.com?subject=')).toBe(true);
  const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  expect(query.get('subject')).toBe('Re: Wiadomość przez formularz kontaktowy');
  expect(query.get('body')).toContain('> czy będzie nagranie? Pozdrawiam & dziękuję');
  await expect(section.getByText('Messages: 2, unread: 1')).toBeVisible();
  await expect(items.first()).not.toContainText('new');
  await expect(items.nth(1)).toContainText('new');
  expect(errors).toEqual([]);
});

test('the users search asks the server as the admin types and marks what it found', async ({ page }) => {
  const section = await openSection(page, 'Users');
  await expect(section.getByText('Users: 3')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/users?')) asked.push(new URL(r.url()).searchParams.get('search')!); });
  await section.getByLabel('Search by name, e-mail or phone').pressSequentially('zolw', { delay: 30 });
  await expect(section.getByText('Found: 1')).toBeVisible();
  await expect(section.getByRole('row')).toHaveCount(2);
  await expect(section.locator('mark')).toHaveText(['Żółw']);
  // Typing without a pause asks once, for the whole word.
  expect(asked).toEqual(['zolw']);
  await section.getByLabel('Search by name, e-mail or phone').fill('602 444');
  await expect(section.getByRole('row').nth(1)).toContainText('Piotr Nowak');
  await section.getByLabel('Search by name, e-mail or phone').fill('%');
  await expect(section.getByText('Nobody matches the search.')).toBeVisible();
});

const TABS = ['Articles', 'Users', 'Messages', 'Catalogue', 'Audit trail', 'Dev mailbox'];

/**
 * axe over the page. A mail's HTML is shown in a frame sandboxed without scripts, where axe cannot run (it would wait
 * for the frame's answer until the test times out): that frame is mail, not our page, and is left out of the scan.
 */
for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`the admin tables pass axe and fit the screen at ${viewport.width} px, every action in reach without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const found: string[] = [];
    for (const tab of TABS) {
      const section = await openSection(page, tab);
      if (tab === 'Messages') await section.getByRole('button', { name: /Jan Pytający/ }).click();
      if (tab === 'Dev mailbox') await section.getByRole('button', { name: /^Open: / }).first().click();
      if (tab !== 'Messages' && tab !== 'Articles') await expect(section.getByRole('table').first()).toBeVisible();
      await expect(section.locator('.spinner')).toHaveCount(0);
      for (const finding of await axeFindings(page, { exclude: 'iframe.admin-mail-html' })) found.push(`${tab}: ${finding}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) found.push(`${tab}: the page is ${overflow} px wider than the window`);
      for (const action of await section.locator('button:visible, a:visible, input:visible, select:visible').all()) {
        const box = await action.boundingBox();
        if (box && box.x + box.width > viewport.width + 0.5) found.push(`${tab}: "${(await action.textContent())?.trim()}" ends at ${Math.round(box.x + box.width)} px`);
      }
      const boxes = await section.locator('.admin-table-wrap').evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
      if (viewport.width === 390 && boxes.some((d) => d > 0)) found.push(`${tab}: a table scrolls sideways (${boxes.join(', ')} px)`);
    }
    expect(found).toEqual([]);
  });
}

test('the mass e-mail dialog previews the letter as its recipient sees it and sends a test to the admin alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const section = await openSection(page, 'Mass e-mail');
  await section.getByRole('button', { name: 'E-mail all users' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail to all users' });
  await dialog.getByLabel('Subject').fill('Jesienny trening');
  await dialog.getByLabel('Message').fill('Zapraszamy <b>wszystkich</b>!');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('heading', { name: 'The message as its recipient will see it' })).toBeFocused();
  const frame = dialog.frameLocator('iframe.admin-mail-html');
  await expect(frame.locator('body')).toContainText('Zapraszamy <b>wszystkich</b>!');
  await expect(frame.locator('body')).toContainText('Administrator');
  await dialog.getByLabel('Recipient\'s language').selectOption('en');
  await expect(frame.locator('body')).toContainText('Hello Administrator,');
  expect(await axeFindings(page, { exclude: 'iframe.admin-mail-html' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Test message to me' }).click();
  await expect(dialog.getByText('A test message was sent to pierwsza@example.com.')).toBeVisible();
  await page.keyboard.press('Escape');
  const mailbox = await openSection(page, 'Dev mailbox');
  const row = mailbox.getByRole('row').filter({ hasText: '[TEST] Jesienny trening' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('pierwsza@example.com');
  const campaigns = await (await fetch(`${server.url}/api/admin/campaigns`, { headers: { authorization: `Bearer ${admin}` } })).json();
  expect(campaigns).toEqual({ items: [] });
});
