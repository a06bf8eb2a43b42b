import { mailto, param, serialise, text, uri } from './lines.ts';
import { dateTime, utc, warsawTimezone } from './warsaw.ts';

/** iTIP methods (RFC 5546) we send: an invitation or its update, and its withdrawal. */
export type InvitationMethod = 'REQUEST' | 'CANCEL';

export type CalendarEvent = {
  /** Stable for the event's whole life (see `eventUid`): updates and cancellations name it. */
  uid: string;
  /** 0 in the first invitation, higher in each update or cancellation (RFC 5546 §2.1.4). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  /** Absent: CONFIRMED for a REQUEST, CANCELLED for a CANCEL. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
};

export type CalendarPerson = { name: string; email: string };

export type InvitationInput = {
  method: InvitationMethod;
  events: readonly CalendarEvent[];
  organizer: CalendarPerson;
  /**
   * The invitee. `partstat` absent: NEEDS-ACTION; `rsvp` absent: TRUE (the client offers Accept/Decline). A buyer who
   * paid has accepted already, and replies would go to the organizer's address: ACCEPTED and false say so.
   */
  attendee: CalendarPerson & { partstat?: 'NEEDS-ACTION' | 'ACCEPTED'; rsvp?: boolean };
  /** DTSTAMP: when this message was made (the caller's clock, so the same input gives the same file). */
  stamp: Date;
  /** PRODID, e.g. `-//Gestalt Online//Purchases//EN`. */
  prodId: string;
};

/** The UID of one session of one purchase: the same in the invitation, every update and the cancellation. */
export const eventUid = (purchaseId: string, sessionId: string, domain: string): string => `${purchaseId}-${sessionId}@${domain}`;

function eventLines(e: CalendarEvent, input: InvitationInput): string[] {
  const status = e.status ?? (input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  const a = input.attendee;
  return [
    'BEGIN:VEVENT',
    `UID:${text(e.uid)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(input.stamp)}`,
    dateTime('DTSTART', e.start),
    dateTime('DTEND', e.end),
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.url ? [`URL:${uri(e.url)}`] : []),
    `STATUS:${status}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${param(input.organizer.name)}:${mailto(input.organizer.email)}`,
    `ATTENDEE;CN=${param(a.name)};CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${a.partstat ?? 'NEEDS-ACTION'};RSVP=${a.rsvp === false ? 'FALSE' : 'TRUE'}:${mailto(a.email)}`,
    'END:VEVENT',
  ];
}

/**
 * An iTIP message (RFC 5546) as an iCalendar object (RFC 5545): CRLF line ends, lines folded at 75 octets, the
 * Europe/Warsaw VTIMEZONE its times refer to, one VEVENT per event. Pure: the same input gives the same text.
 */
export function invitation(input: InvitationInput): string {
  if (input.events.length === 0) throw new Error('an invitation needs at least one event');
  for (const e of input.events) {
    if (!(e.end > e.start)) throw new Error(`event ${e.uid} ends before it starts`);
    if (!Number.isInteger(e.sequence) || e.sequence < 0) throw new Error(`event ${e.uid}: SEQUENCE must be a whole number ≥ 0`);
  }
  return serialise([
    'BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${text(input.prodId)}`, 'CALSCALE:GREGORIAN', `METHOD:${input.method}`,
    ...warsawTimezone,
    ...input.events.flatMap((e) => eventLines(e, input)),
    'END:VCALENDAR',
  ]);
}

/**
 * The update of events whose time or details changed (RFC 5546 §2.1.5): a REQUEST with the same UIDs and `sequence`
 * (higher than any sent before for them), which the client applies over the copy it holds.
 */
export const updatedInvitation = (input: Omit<InvitationInput, 'method' | 'events'> & { events: readonly Omit<CalendarEvent, 'sequence'>[]; sequence: number }): string => {
  if (input.sequence < 1) throw new Error('an update has SEQUENCE 1 or higher');
  const { sequence, events, ...rest } = input;
  return invitation({ ...rest, method: 'REQUEST', events: events.map((e) => ({ ...e, sequence })) });
};

/** The withdrawal of events (RFC 5546 §3.2.5): the same UIDs, STATUS:CANCELLED, `sequence` above the last one sent. */
export const cancellation = (input: Omit<InvitationInput, 'method' | 'events'> & { events: readonly Omit<CalendarEvent, 'sequence' | 'status'>[]; sequence: number }): string => {
  const { sequence, events, ...rest } = input;
  return invitation({ ...rest, method: 'CANCEL', events: events.map((e) => ({ ...e, sequence, status: 'CANCELLED' as const })) });
};
