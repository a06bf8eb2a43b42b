import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { linkFromMail, signUp } from '../support/accounts.ts';
import { watchErrors } from '../support/browser.ts';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
});
test.afterAll(async () => { await server?.stop(); await smtp?.close(); });

/** A mailed link (its origin is PUBLIC_URL, http://localhost:PORT by default) opened on the address the test uses. */
const onServer = (link: string) => `${server.url}${new URL(link).pathname}`;

/** Islands take input once React has hydrated them (Astro drops the `ssr` attribute then). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('astro-island:not([ssr])').first().waitFor();
}

const ui = {
  pl: {
    register: 'Stwórz konto', name: 'Imię i nazwisko', password: 'Hasło', repeat: 'Powtórz hasło', phone: 'Telefon',
    terms: 'Akceptuję regulamin i politykę prywatności', termsLink: 'regulamin i politykę prywatności', termsTitle: 'Regulamin i polityka prywatności', close: 'Zamknij',
    acceptTerms: 'Proszę zaakceptować regulamin', registered: 'Rejestracja zakończona sukcesem!',
    short: 'Hasło musi mieć co najmniej 6 znaków.',
    verified: 'Adres e-mail został potwierdzony.', welcome: 'Witaj, Anna!', logout: 'Wyloguj się', login: 'Zaloguj się',
    invalid: 'Nieprawidłowy e-mail lub hasło.', forgotLink: 'Nie pamiętasz hasła?', send: 'Wyślij', forgotSent: 'Jeśli istnieje konto z tym adresem',
    newPassword: 'Nowe hasło', confirm: 'Potwierdź nowe hasło', change: 'Zmień hasło', mismatch: 'Hasła nie są takie same.',
    changed: 'Hasło zostało zmienione.', incomplete: 'Link jest nieprawidłowy lub niekompletny.', errorTitle: 'Błąd',
  },
  en: {
    register: 'Create account', name: 'Full name', password: 'Password', repeat: 'Repeat password', phone: 'Phone',
    terms: 'I accept the terms and privacy policy', termsLink: 'terms and privacy policy', termsTitle: 'Terms and privacy policy', close: 'Close',
    acceptTerms: 'Please accept the terms and conditions', registered: 'Registration successful!',
    short: 'Password must be at least 6 characters long.',
    verified: 'Your e-mail address has been verified.', welcome: 'Welcome, Anna!', logout: 'Log out', login: 'Log in',
    invalid: 'Invalid e-mail or password.', forgotLink: 'Forgot your password?', send: 'Send', forgotSent: 'If an account with this address exists',
    newPassword: 'New password', confirm: 'Confirm new password', change: 'Change password', mismatch: 'Passwords do not match.',
    changed: 'Your password has been changed.', incomplete: 'The link is invalid or incomplete.', errorTitle: 'Error',
  },
} as const;

for (const lang of ['pl', 'en'] as const) {
  test(`register → e-mail link → welcome → log out → log in → forgot → reset → log in again (${lang})`, async ({ page }) => {
    const t = ui[lang];
    const email = `anna.${lang}.${Date.now()}@example.com`;
    const errors = watchErrors(page);

    // Registration, with the terms modal and the terms check.
    await open(page, `${server.url}/stworz-konto?lang=${lang}`);
    await page.getByLabel(t.name).fill('Anna');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('pierwsze1');
    await page.getByLabel(t.repeat).fill('pierwsze1');
    await page.getByLabel(t.phone).fill('+48 600 100 200');
    await page.getByRole('button', { name: t.register }).click();
    await expect(page.getByText(t.acceptTerms).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: t.terms })).toBeFocused();
    await page.getByRole('button', { name: t.termsLink, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.termsTitle })).toBeVisible();
    await page.getByRole('button', { name: t.close }).click();
    await page.getByRole('checkbox', { name: t.terms }).check();
    // The reset page's length rule applies to registration too.
    await page.getByLabel(t.password, { exact: true }).fill('12345');
    await page.getByLabel(t.repeat).fill('12345');
    await page.getByRole('button', { name: t.register }).click();
    await expect(page.getByText(t.short).first()).toBeVisible();
    await expect(page.getByLabel(t.password, { exact: true })).toBeFocused();
    await page.getByLabel(t.password, { exact: true }).fill('pierwsze1');
    await page.getByLabel(t.repeat).fill('pierwsze1');
    await page.getByRole('button', { name: t.register }).click();
    await expect(page.getByText(t.registered)).toBeVisible();

    // The link from the received e-mail verifies, then /welcome after 3 seconds with the name and confetti.
    await page.goto(onServer(await linkFromMail(smtp, email, 'verify-email')));
    await expect(page.getByText(t.verified)).toBeVisible();
    await page.waitForURL('**/welcome', { timeout: 6000 });
    await expect(page.getByText(t.welcome)).toBeVisible();
    await expect(page.locator('canvas.confetti')).toHaveAttribute('data-pieces', '250');

    // Log out goes home; the welcome page then sends a visitor home too.
    await page.getByRole('button', { name: t.logout }).click();
    await expect(page).toHaveURL(`${server.url}/`);

    // Log in: a wrong password shows the generic message for 2 seconds; the right one goes to /video.
    await open(page, `${server.url}/zaloguj-sie`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(t.password).fill('wrong-one');
    await page.getByLabel(t.password).press('Enter');
    await expect(page.getByText(t.invalid)).toBeVisible();
    await expect(page.getByText(t.invalid)).toBeHidden({ timeout: 4000 });
    await page.getByLabel(t.password).fill('pierwsze1');
    await page.getByRole('button', { name: t.login }).click();
    await page.waitForURL('**/video');
    await page.goto(`${server.url}/zaloguj-sie`);
    await expect(page).toHaveURL(`${server.url}/video`);

    // Forgot password → reset through the e-mailed link → /zaloguj-sie after 3 seconds.
    await open(page, `${server.url}/forgot-password`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByText(t.forgotSent)).toBeVisible();
    await open(page, onServer(await linkFromMail(smtp, email, 'reset-password')));
    await page.getByLabel(t.newPassword, { exact: true }).fill('drugie22');
    await page.getByLabel(t.confirm).fill('drugie33');
    await page.getByRole('button', { name: t.change }).click();
    await expect(page.getByText(t.mismatch)).toBeVisible();
    await expect(page.getByLabel(t.confirm)).toBeFocused();
    await page.getByLabel(t.confirm).fill('drugie22');
    await page.getByRole('button', { name: t.change }).click();
    await expect(page.getByText(t.changed)).toBeVisible();
    // The reset revoked the old session, so the login page shows instead of redirecting.
    await page.waitForURL('**/zaloguj-sie', { timeout: 6000 });
    await page.locator('astro-island:not([ssr])').first().waitFor();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(t.password).fill('drugie22');
    await page.getByRole('button', { name: t.login }).click();
    await page.waitForURL('**/video');

    await page.goto(`${server.url}/reset-password`);
    await expect(page.getByRole('heading', { name: t.errorTitle })).toBeVisible();
    await expect(page.getByText(t.incomplete)).toBeVisible();
    expect(errors, 'no CSP violations or script errors').toEqual([]);
  });
}

test('the account menu logs out on all devices with a plain form post, no JavaScript needed', async ({ browser }) => {
  const { email } = await signUp(server, smtp, `everywhere.${Date.now()}@example.com`, 'Ewa Nowak');
  const login = async () => ((await (await fetch(`${server.url}/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret123' }),
  })).json()) as { token: string }).token;
  const device = async (javaScriptEnabled: boolean, viewport = { width: 1280, height: 800 }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport });
    await context.addCookies([{ name: 'session', value: await login(), url: server.url }]);
    return context.newPage();
  };
  const phone = await device(true, { width: 375, height: 700 });
  const laptop = await device(false);

  // The phone's hamburger menu offers it too.
  await phone.goto(`${server.url}/`);
  await phone.locator('.nav-mobile summary').click();
  await expect(phone.getByRole('button', { name: 'Wyloguj na wszystkich urządzeniach' })).toBeVisible();

  await laptop.goto(`${server.url}/`);
  const menu = laptop.locator('.nav-desktop');
  await menu.getByText('Konto', { exact: true }).click();
  await expect(menu.getByText('Ewa Nowak')).toBeVisible();
  await menu.getByRole('button', { name: 'Wyloguj na wszystkich urządzeniach' }).click();
  await expect(laptop).toHaveURL(`${server.url}/`);
  await menu.getByText('Konto', { exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();

  // The phone's session ended as well.
  await phone.reload();
  await phone.locator('.nav-mobile summary').click();
  await expect(phone.locator('.nav-mobile').getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  await expect(phone.locator('.nav-mobile').getByText('Ewa Nowak')).toHaveCount(0);
});
