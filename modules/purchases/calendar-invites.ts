import type { Mail } from '../mailing/index.ts';
import { cancellation, eventUid, invitation, updatedInvitation, type CalendarEvent } from '../shared/calendar/index.ts';
import { fillTemplate } from '../shared/text/index.ts';
import type { ProductForSale } from './ports.ts';

/** The calendar entries' own words, in both languages (a message catalogue of this module; tested for parity). */
export const calendarTexts = {
  pl: { description: '{title}\nSzczegóły, materiały i wejście na spotkanie: {url}', filename: 'wydarzenie.ics', cancelFilename: 'odwolanie.ics' },
  en: { description: '{title}\nDetails, materials and the way in: {url}', filename: 'event.ics', cancelFilename: 'cancellation.ics' },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

export const INVITATION_PRODID = '-//Gestalt Online//Purchases//EN';

/** Who sends the invitations: the site, by its name and the address its mail comes from. */
export type Organizer = { name: string; email: string };

/** The address of a From header (`Name <a@b>` or a bare `a@b`). */
export const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/** The product's sessions; a product without them is one session, its start to its live end. */
export function saleSessions(product: ProductForSale): { id: string; start: Date; end: Date }[] {
  if (product.sessions && product.sessions.length > 0) return product.sessions;
  const end = product.liveEndsAt ?? new Date(product.liveAt.getTime() + product.durationMinutes * 60_000);
  // `day-1`: the id the catalogue gives the only session of a product recorded before sessions existed.
  return [{ id: 'day-1', start: product.liveAt, end }];
}

/** Whether any session is still to end: a purchase of a past event gets no calendar entries, nor their withdrawal. */
export const hasSessionsAfter = (product: ProductForSale, now: Date) => saleSessions(product).some((s) => s.end > now);

export type InviteInput = {
  product: ProductForSale;
  purchaseId: string;
  buyer: { name: string; email: string; language: 'pl' | 'en' };
  organizer: Organizer;
  /**
   * Where an entry points the buyer: the watch page (never the raw meeting link, which reaches buyers only through
   * their personal join link). Its host names the UIDs' domain.
   */
  watchUrl: string;
  /** The buyer's personal join link (`/dolacz/{token}`), when the purchase has a meeting ahead: the entry points there. */
  joinUrl?: string;
  stamp: Date;
};

/** One entry per session, each with its UID `{purchaseId}-{sessionId}@{host}`: kept through every update and the cancellation. */
function events(input: InviteInput): Omit<CalendarEvent, 'sequence'>[] {
  const lang = input.buyer.language;
  const title = input.product.title[lang];
  const sessions = saleSessions(input.product);
  const domain = new URL(input.watchUrl).hostname;
  return sessions.map((s, i) => ({
    uid: eventUid(input.purchaseId, s.id, domain), start: s.start, end: s.end,
    summary: sessions.length > 1 ? `${title} (${i + 1}/${sessions.length})` : title,
    description: fillTemplate(calendarTexts[lang].description, { title, url: input.joinUrl ?? input.watchUrl }),
    url: input.joinUrl ?? input.watchUrl,
  }));
}

const people = (input: InviteInput) => ({
  organizer: input.organizer,
  // Paying was the acceptance, and nobody reads replies to the site's address: no Accept/Decline asked for.
  attendee: { name: input.buyer.name, email: input.buyer.email, partstat: 'ACCEPTED' as const, rsvp: false },
  stamp: input.stamp, prodId: INVITATION_PRODID,
});

/** The purchase confirmation's invitation: every session, METHOD:REQUEST, SEQUENCE 0. */
export function purchaseInvitation(input: InviteInput): NonNullable<Mail['calendar']> {
  return { method: 'REQUEST', filename: calendarTexts[input.buyer.language].filename,
    content: invitation({ ...people(input), method: 'REQUEST', events: events(input).map((e) => ({ ...e, sequence: 0 })) }) };
}

/** After a session's time changed: every session again with the same UIDs and `sequence` (1 for the first change). */
export function purchaseInvitationUpdate(input: InviteInput & { sequence: number }): NonNullable<Mail['calendar']> {
  return { method: 'REQUEST', filename: calendarTexts[input.buyer.language].filename,
    content: updatedInvitation({ ...people(input), sequence: input.sequence, events: events(input) }) };
}

/**
 * Access ended (a full refund, a withdrawal), or sessions removed (`product` then holds only those): every session
 * withdrawn, same UIDs, SEQUENCE 1 unless told higher (above the product's latest schedule change: `cancelSequence`).
 */
export function purchaseCancellation(input: InviteInput & { sequence?: number }): NonNullable<Mail['calendar']> {
  return { method: 'CANCEL', filename: calendarTexts[input.buyer.language].filename,
    content: cancellation({ ...people(input), sequence: input.sequence ?? 1, events: events(input) }) };
}

/** A withdrawal's SEQUENCE: above the confirmation's 0 and every schedule change's update sent since. */
export const cancelSequence = (product: ProductForSale): number => (product.scheduleRevision ?? 0) + 1;
