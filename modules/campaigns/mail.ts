import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, greeting as greet } from '../shared/text/index.ts';

/** The frame around an admin's campaign text, in both languages (a message catalogue of this module; tested for parity). */
export const campaignTexts = {
  pl: {
    greeting: 'Dzień dobry {name},',
    signature: 'Zespół {site}',
    footer: 'Otrzymujesz tę wiadomość, ponieważ masz konto w {site}.',
    unsubscribe: 'Nie chcesz więcej takich wiadomości? Wypisz się: {url}',
    unsubscribeLink: 'Wypisz się z wiadomości od {site}',
  },
  en: {
    greeting: 'Hello {name},',
    signature: 'The {site} team',
    footer: 'You receive this message because you have an account at {site}.',
    unsubscribe: 'Want no more messages like this? Unsubscribe: {url}',
    unsubscribeLink: 'Unsubscribe from {site} messages',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

export type CampaignLetter = { subject: string; body: string };
export type Recipient = { email: string; name: string; language: 'pl' | 'en' };

/**
 * The campaign as this recipient reads it: their greeting and footer around the admin's text. The admin's text
 * is only ever escaped, never interpreted: in HTML every character is literal and line breaks become <br>.
 */
export function campaignMail(letter: CampaignLetter, to: Recipient, opts: { site: string; unsubscribeUrl: string }): Mail {
  const t = campaignTexts[to.language];
  const vars = { name: to.name, site: opts.site, url: opts.unsubscribeUrl };
  // The recipient's name only while it is a name by the registration rule: nothing else of theirs frames the admin's text.
  const greeting = greet(t.greeting, to.name);
  const signature = fillTemplate(t.signature, vars);
  const footer = fillTemplate(t.footer, vars);
  const text = [greeting, '', letter.body, '', signature, '', '--', footer, fillTemplate(t.unsubscribe, vars)].join('\n');
  const paragraphs = letter.body.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`);
  const html = [
    `<!doctype html><html lang="${to.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`, ...paragraphs, `<p>${escapeHtml(signature)}</p>`,
    `<hr><p style="font-size:small">${escapeHtml(footer)}<br>`,
    `<a href="${escapeHtml(opts.unsubscribeUrl)}">${escapeHtml(fillTemplate(t.unsubscribeLink, vars))}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: letter.subject, text, html };
}
