import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, formatDate, greeting } from '../shared/text/index.ts';

/** The waiting list's offer mail in both languages (a message catalogue of this module; tested for parity). */
export const waitlistOfferTexts = {
  pl: {
    subject: 'Zwolniło się miejsce: „{title}”',
    greeting: 'Dzień dobry {name},',
    body: 'na liście oczekujących na „{title}” przyszła Twoja kolej: trzymamy dla Ciebie miejsce do {until} (czasu polskiego).',
    buy: 'Aby je zająć, kup udział przed tym terminem: {buy}',
    decline: 'Jeśli nie chcesz tego miejsca, zwolnij je jednym kliknięciem, a trafi do następnej osoby: {decline}',
    after: 'Po tym terminie miejsce przejdzie do następnej osoby z listy.',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'A seat is free: “{title}”',
    greeting: 'Hello {name},',
    body: 'your turn has come on the waiting list for “{title}”: we are holding a seat for you until {until} (Polish time).',
    buy: 'To take it, buy your place before then: {buy}',
    decline: 'If you do not want it, give it up with one click and it goes to the next person: {decline}',
    after: 'After that, the seat goes to the next person on the list.',
    signature: 'The {site} team',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

export type OfferMailInput = {
  to: string;
  name: string;
  language: 'pl' | 'en';
  title: { pl: string; en: string };
  expiresAt: Date;
  buyUrl: string;
  declineUrl: string;
  siteName: string;
};

/** A seat offered to the next person on the list: until when it is held, how to take it, how to give it up. */
export function waitlistOfferMail(input: OfferMailInput): Mail {
  const lang = input.language;
  const t = waitlistOfferTexts[lang];
  const vars = { title: input.title[lang] || input.title.pl, name: input.name, until: formatDate(input.expiresAt, lang, 'dayTime'),
    buy: input.buyUrl, decline: input.declineUrl, site: input.siteName };
  const lines = [greeting(t.greeting, input.name), '', fillTemplate(t.body, vars), '', fillTemplate(t.buy, vars), fillTemplate(t.decline, vars), t.after, '',
    fillTemplate(t.signature, vars)];
  const linked = (line: string) => [input.buyUrl, input.declineUrl].reduce((html, url) =>
    html.replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`), escapeHtml(line));
  const html = lines.filter((l) => l !== '').map((l) => `<p>${linked(l)}</p>`).join('\n');
  return { to: input.to, subject: fillTemplate(t.subject, vars), text: lines.join('\n'), html };
}
