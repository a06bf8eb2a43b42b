import { escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, formatDate, greeting } from '../shared/text/index.ts';
import { reminderTexts, timeLeft } from './reminder-texts.ts';

export type ReminderInput = {
  to: string;
  name: string;
  language: 'pl' | 'en';
  title: { pl: string; en: string };
  start: Date;
  /** 1-based place of the session among the product's sessions, and how many there are. */
  number: number;
  count: number;
  minutesLeft: number;
  /** How long before the start joining opens, in minutes. */
  leadMinutes: number;
  joinUrl: string;
  siteName: string;
};

/** The reminder, in the buyer's language: what starts when, the time left, and the personal join link (never the meeting's own). */
export function reminderMail(input: ReminderInput): Mail {
  const lang = input.language;
  const t = reminderTexts[lang];
  const left = timeLeft(input.minutesLeft, lang);
  const vars = {
    title: input.title[lang] || input.title.pl, left, start: formatDate(input.start, lang, 'dayTime'), number: input.number, count: input.count,
    url: input.joinUrl, site: input.siteName, opensBefore: timeLeft(input.leadMinutes, lang),
  };
  const lines = [
    greeting(t.greeting, input.name), '',
    fillTemplate(t.body, vars), ...(input.count > 1 ? [fillTemplate(t.session, vars)] : []), '',
    fillTemplate(t.join, vars), input.leadMinutes > 0 ? fillTemplate(t.opensBefore, vars) : t.opensAtStart, t.personal, '', fillTemplate(t.signature, vars),
  ];
  const link = `<a href="${escapeHtml(input.joinUrl)}">${escapeHtml(input.joinUrl)}</a>`;
  const html = lines.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l).replace(escapeHtml(input.joinUrl), link)}</p>`).join('\n');
  return { to: input.to, subject: fillTemplate(t.subject, vars), text: lines.join('\n'), html };
}
