import type { ScheduleChange, SessionTimes } from '../catalogue/index.ts';
import { calendarAttachment, escapeHtml, type Mail } from '../mailing/index.ts';
import { fillTemplate, formatDate, greeting, toWarsawInput } from '../shared/text/index.ts';
import { calendarTexts, purchaseCancellation, purchaseInvitationUpdate, type Organizer } from './calendar-invites.ts';
import type { ProductForSale } from './ports.ts';
import { scheduleChangeTexts } from './schedule-change-texts.ts';

export { scheduleChangeTexts } from './schedule-change-texts.ts';

type Lang = 'pl' | 'en';

/** A session's date, start and end as a buyer reads them, on Warsaw's clock ("23 września 2026 09:00–17:30"). */
function span(times: SessionTimes, lang: Lang): string {
  const start = new Date(times.start);
  const sameDay = toWarsawInput(times.start).slice(0, 10) === toWarsawInput(times.end).slice(0, 10);
  const end = sameDay ? toWarsawInput(times.end).slice(11, 16) : formatDate(new Date(times.end), lang, 'dayTime');
  return fillTemplate(scheduleChangeTexts[lang].span, { day: formatDate(start, lang, 'dayTime'), end });
}

export type ScheduleChangeInput = {
  buyer: { email: string; name: string; language: Lang };
  /** The product as this change left it: its sessions are the change's (`change.sessions`). */
  product: ProductForSale;
  purchaseId: string;
  change: ScheduleChange;
  watchUrl: string;
  /** The buyer's personal join link, when a meeting is still ahead. */
  joinUrl?: string;
  organizer: Organizer;
  siteName: string;
  stamp: Date;
};

/**
 * The buyer's notice of one schedule change, in their language: each moved session's old and new date and hours, each
 * removed and each added one (Warsaw time); the calendar update of the sessions that remain (same UIDs, SEQUENCE the
 * change's revision) and, for removed ones, their withdrawal (METHOD:CANCEL, STATUS:CANCELLED) — as the invitation
 * itself when nothing else changed, else as a second .ics beside the update.
 */
export function scheduleChangeMail(input: ScheduleChangeInput): Mail {
  const lang = input.buyer.language;
  const t = scheduleChangeTexts[lang];
  const { change } = input;
  const title = input.product.title[lang] || input.product.title.pl;
  const order = change.sessions.map((s) => s.id);
  const numbered = (id: string) => ({ number: order.indexOf(id) + 1, count: order.length });
  const lines = [
    ...change.moved.map((m) => fillTemplate(t.moved, { ...numbered(m.id), from: span(m.from, lang), to: span(m.to, lang) })),
    ...change.removed.map((s) => fillTemplate(t.removed, { from: span(s, lang) })),
    ...change.added.map((s) => fillTemplate(t.added, { ...numbered(s.id), to: span(s, lang) })),
  ];
  const invite = { purchaseId: input.purchaseId, buyer: input.buyer, organizer: input.organizer, watchUrl: input.watchUrl,
    ...(input.joinUrl ? { joinUrl: input.joinUrl } : {}), stamp: input.stamp };
  const updated = change.moved.length + change.added.length > 0;
  const update = updated ? purchaseInvitationUpdate({ ...invite, product: input.product, sequence: change.revision }) : null;
  const cancel = change.removed.length > 0 ? {
    ...purchaseCancellation({ ...invite, sequence: change.revision,
      product: { ...input.product, sessions: change.removed.map((s) => ({ id: s.id, start: new Date(s.start), end: new Date(s.end) })) } }),
    filename: calendarTexts[lang].cancelFilename,
  } : null;
  const vars = { title, name: input.buyer.name, site: input.siteName };
  const text = [
    greeting(t.greeting, input.buyer.name), fillTemplate(t.intro, vars), ...lines, '',
    ...(update ? [t.calendarUpdate] : []), ...(cancel ? [t.calendarCancel] : []), t.reminders,
    fillTemplate(input.joinUrl ? t.join : t.watch, { url: input.joinUrl ?? input.watchUrl }), '', fillTemplate(t.signature, vars),
  ];
  const url = input.joinUrl ?? input.watchUrl;
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = text.filter((l) => l !== '').map((l) => `<p>${escapeHtml(l).replace(escapeHtml(url), link)}</p>`).join('\n');
  return {
    to: input.buyer.email,
    subject: fillTemplate(t.subject, vars),
    text: text.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${html}</body></html>`,
    // One iTIP method per calendar object: the update travels as the invitation, a withdrawal beside it as a file.
    ...(update ? { calendar: update, ...(cancel ? { attachments: [calendarAttachment(cancel)] } : {}) } : cancel ? { calendar: cancel } : {}),
  };
}
