import { expect, test } from '@playwright/test';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { buyWithDevCheckout, signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

const words = {
  pl: { control: 'Odstąp od umowy tutaj', next: 'Dalej', confirm: 'Potwierdź odstąpienie', done: 'Otrzymaliśmy Twoje oświadczenie', statement: 'odstępuję od umowy zakupu', denied: 'Brak dostępu' },
  en: { control: 'Withdraw from contract here', next: 'Next', confirm: 'Confirm withdrawal', done: 'We have received your statement', statement: 'withdraw from the contract for', denied: 'Access denied' },
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
      const link = await control.getAttribute('href');

      // As from the confirmation mail: no session.
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
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
