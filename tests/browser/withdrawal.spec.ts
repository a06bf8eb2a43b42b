import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

let server: RunningServer;
let admin: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'kasa@example.com' });
  admin = (await signUp(server, smtp, 'kasa@example.com', 'Kasia Kasjerka')).token;
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const words = {
  pl: { control: 'Odstąp od umowy tutaj', next: 'Dalej', confirm: 'Potwierdź odstąpienie', done: 'Otrzymaliśmy Twoje oświadczenie', statement: 'odstępuję od umowy zakupu', denied: 'Brak dostępu', refunded: 'Zwrócono' },
  en: { control: 'Withdraw from contract here', next: 'Next', confirm: 'Confirm withdrawal', done: 'We have received your statement', statement: 'withdraw from the contract for', denied: 'Access denied', refunded: 'Refunded' },
} as const;

let buyers = 0;
for (const [device, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  for (const lang of ['pl', 'en'] as const) {
    test(`withdraws from the signed link without signing in (${device}, ${lang}): statement, confirm, acknowledgement, access lost`, async ({ browser }) => {
      const email = `odstapienie-${++buyers}@example.com`;
      const { token } = await signUp(server, smtp, email, 'Ewa Odstępująca');
      await buyWithDevCheckout(server, token, DEMO_KEYS.trauma, 'price_demo_trauma_pln');
      const w = words[lang];
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await context.addCookies([{ name: 'session', value: token, url: server.url }]);
      await page.goto(`${server.url}/video?lang=${lang}`);
      const control = page.locator(`.video-card:has(a[data-key="${DEMO_KEYS.trauma}"])`).getByRole('link', { name: w.control });
      await expect(control).toBeVisible();
      // The confirmation mail (the durable medium) carries the same signed link as My Recordings.
      const confirmation = smtp.received.find((m) => m.envelopeTo.includes(email) && m.parsed.subject?.startsWith('Potwierdzenie zakupu'));
      const link = /\/odstapienie\/[^\s"<>]+/.exec(confirmation?.parsed.text ?? '')?.[0];
      expect(link).toBe(await control.getAttribute('href'));

      // From the mail: no session.
      await context.clearCookies();
      await page.goto(`${server.url}${link}?lang=${lang}`);
      await expect(page.getByTestId('withdrawal-statement')).toContainText(`Ewa Odstępująca (${email})`);
      await expect(page.getByTestId('withdrawal-statement')).toContainText(w.statement);
      await page.getByRole('link', { name: w.next }).click();
      await expect(page.getByTestId('withdrawal-refund')).toBeVisible();
      await page.getByRole('button', { name: w.confirm }).click();
      await expect(page.getByRole('status')).toContainText(w.done);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await expect.poll(() => smtp.received.some((m) => m.envelopeTo.includes(email) && m.parsed.subject?.startsWith('Potwierdzenie odstąpienia')),
        { timeout: 60_000 }).toBe(true);
      await context.addCookies([{ name: 'session', value: token, url: server.url }]);
      await page.goto(`${server.url}/watch-video/${DEMO_KEYS.trauma}?lang=${lang}`);
      await expect(page.getByRole('heading', { name: w.denied })).toBeVisible();
      await page.goto(`${server.url}/video?lang=${lang}`);
      await expect(page.getByRole('link', { name: w.control })).toHaveCount(0);
      await expect(page.locator('#my-refunds')).toContainText(w.refunded);
      // The institute sees it in the panel: the purchase refunded in the attendee list.
      await context.clearCookies();
      await context.addCookies([{ name: 'session', value: admin, url: server.url }]);
      await page.goto(`${server.url}/admin?lang=en`);
      await expect(page.locator('astro-island:has(.admin-tabs)')).not.toHaveAttribute('ssr');
      await page.getByRole('tab', { name: 'Attendees' }).click();
      const attendees = page.getByRole('tabpanel', { name: 'Attendees' });
      await attendees.getByLabel('Event').selectOption(DEMO_KEYS.trauma);
      await expect(attendees.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })).toContainText('refunded');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
