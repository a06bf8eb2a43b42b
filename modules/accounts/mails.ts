import { escapeHtml, type Mail } from '../mailing/index.ts';
import { greeting as greet } from '../shared/text/index.ts';
import type { Language } from './user.ts';

/** The accounts e-mails, as text and HTML, in the recipient's language. Links are absolute. */
type Template = { subject: string; greeting: string; lines: string[]; action: string; after?: string[] };

const texts = {
  verify: {
    pl: (site: string) => ({
      subject: `Potwierdź adres e-mail · ${site}`,
      greeting: 'Dzień dobry {name},',
      lines: [`dziękujemy za założenie konta w ${site}. Aby je aktywować, potwierdź swój adres e-mail, otwierając poniższy link.`],
      action: 'Potwierdź adres e-mail',
      after: ['Link jest ważny przez 48 godzin i można go użyć tylko raz. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.'],
    }),
    en: (site: string) => ({
      subject: `Confirm your e-mail address · ${site}`,
      greeting: 'Hello {name},',
      lines: [`thank you for creating an account at ${site}. To activate it, confirm your e-mail address by opening the link below.`],
      action: 'Confirm e-mail address',
      after: ['The link is valid for 48 hours and works once. If you did not create this account, ignore this message.'],
    }),
  },
  reset: {
    pl: (site: string) => ({
      subject: `Reset hasła · ${site}`,
      greeting: 'Dzień dobry {name},',
      lines: ['otrzymaliśmy prośbę o zmianę hasła do Twojego konta. Aby ustawić nowe hasło, otwórz poniższy link.'],
      action: 'Ustaw nowe hasło',
      after: ['Link jest ważny przez 1 godzinę i można go użyć tylko raz. Jeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość: hasło pozostanie bez zmian.'],
    }),
    en: (site: string) => ({
      subject: `Password reset · ${site}`,
      greeting: 'Hello {name},',
      lines: ['we received a request to change the password of your account. To set a new password, open the link below.'],
      action: 'Set a new password',
      after: ['The link is valid for 1 hour and works once. If you did not ask for this, ignore this message: your password stays unchanged.'],
    }),
  },
  existing: {
    pl: (site: string) => ({
      subject: `Próba rejestracji na Twój adres · ${site}`,
      greeting: 'Dzień dobry {name},',
      lines: [`ktoś próbował założyć konto w ${site}, używając Twojego adresu e-mail. Masz już konto, więc nic nie zostało zmienione.`,
        'Jeśli to byłeś Ty, zaloguj się. Jeśli nie pamiętasz hasła, możesz je zresetować na stronie logowania.'],
      action: 'Zaloguj się',
    }),
    en: (site: string) => ({
      subject: `Someone tried to register with your address · ${site}`,
      greeting: 'Hello {name},',
      lines: [`someone tried to create an account at ${site} with your e-mail address. You already have an account, so nothing was changed.`,
        'If it was you, log in. If you do not remember your password, you can reset it from the login page.'],
      action: 'Log in',
    }),
  },
} satisfies Record<string, Record<Language, (site: string) => Template>>;

export type AccountMailKind = keyof typeof texts;

export function accountMail(kind: AccountMailKind, opts: { language: Language; site: string; to: string; name: string; link: string }): Mail {
  const t: Template = texts[kind][opts.language](opts.site);
  // The only user text in an account mail, and only while it is a name by the registration rule.
  const greeting = greet(t.greeting, opts.name);
  const after = t.after ?? [];
  const text = [greeting, '', ...t.lines, '', `${t.action}: ${opts.link}`, '', ...after, ...(after.length ? [''] : []), `— ${opts.site}`].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${opts.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    p(greeting), ...t.lines.map(p),
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(t.action)}</a></p>`,
    `<p style="font-size:small">${escapeHtml(opts.link)}</p>`,
    ...after.map(p), p(`— ${opts.site}`), '</body></html>',
  ].join('\n');
  return { to: opts.to, subject: t.subject, text, html };
}
