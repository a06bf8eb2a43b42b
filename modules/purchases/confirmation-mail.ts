import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, greeting as greet, formatDate, formatMoney } from '../shared/text/index.ts';
import type { ProductForSale } from './ports.ts';

/** The purchase confirmation in both languages (a message catalogue of this module; tested for parity). */
export const confirmationTexts = {
  pl: {
    subject: 'Potwierdzenie zakupu: {title}',
    greeting: 'Dzień dobry {name},',
    thanks: 'dziękujemy za zakup. Twój dostęp jest aktywny.',
    when: 'Termin: {date} (czas polski)',
    amount: 'Kwota: {amount}',
    watch: 'Oglądaj tutaj: {url}',
    access: 'Dostęp trwa do {until}. Prawo odstąpienia od umowy (14 dni) wygasa z chwilą rozpoczęcia odtwarzania.',
    calendar: 'W załączniku znajdziesz wydarzenie do dodania do kalendarza.',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'Purchase confirmation: {title}',
    greeting: 'Hello {name},',
    thanks: 'thank you for your purchase. Your access is active.',
    when: 'When: {date} (Polish time)',
    amount: 'Amount: {amount}',
    watch: 'Watch here: {url}',
    access: 'Access lasts until {until}. The 14-day right of withdrawal ends once playback starts.',
    calendar: 'The attached event can be added to your calendar.',
    signature: 'The {site} team',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

const icsStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsText = (s: string) => s.replace(/([,;\\])/g, '\\$1').replace(/\n/g, '\\n');

/** An iCalendar event (RFC 5545) in UTC, so every calendar shows it in its own zone. */
export function calendarEvent(p: { uid: string; title: string; start: Date; minutes: number; url: string; now: Date }): string {
  const end = new Date(p.start.getTime() + p.minutes * 60_000);
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Gestalt Online//Purchases//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'BEGIN:VEVENT', `UID:${p.uid}`, `DTSTAMP:${icsStamp(p.now)}`, `DTSTART:${icsStamp(p.start)}`, `DTEND:${icsStamp(end)}`,
    `SUMMARY:${icsText(p.title)}`, `URL:${p.url}`, `DESCRIPTION:${icsText(p.url)}`, 'END:VEVENT', 'END:VCALENDAR', '',
  ].join('\r\n');
}

export function confirmationMail(input: {
  buyer: { email: string; name: string; language: 'pl' | 'en' };
  product: ProductForSale;
  purchase: { purchaseId: string; amount: number; currency: string; accessUntil: Date };
  watchUrl: string;
  siteName: string;
  now: Date;
}): Mail {
  const lang = input.buyer.language;
  const t = confirmationTexts[lang];
  const title = input.product.title[lang];
  const vars = {
    title, name: input.buyer.name, site: input.siteName, url: input.watchUrl,
    date: input.product.when?.[lang] ?? formatDate(input.product.liveAt, lang, 'dayTime'),
    amount: formatMoney(input.purchase.amount, input.purchase.currency, lang),
    until: formatDate(input.purchase.accessUntil, lang, 'day'),
  };
  const upcoming = input.product.liveAt > input.now;
  const lines = [greet(t.greeting, input.buyer.name), t.thanks, '', title, t.when, t.amount, t.watch, '', t.access, ...(upcoming ? [t.calendar] : []), '', t.signature]
    .map((l) => fillTemplate(l, vars));
  const html = lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l).replace(escapeHtml(input.watchUrl), `<a href="${escapeHtml(input.watchUrl)}">${escapeHtml(input.watchUrl)}</a>`)}</p>`)).join('\n');
  return {
    to: input.buyer.email,
    subject: fillTemplate(t.subject, vars),
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>`,
    attachments: upcoming ? [{
      filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: calendarEvent({ uid: `${input.purchase.purchaseId}@gestalt-online`, title, start: input.product.liveAt, minutes: input.product.durationMinutes, url: input.watchUrl, now: input.now }),
    }] : [],
  };
}
