/**
 * Calendar invitations (iCalendar, RFC 5545, carrying iTIP methods, RFC 5546) in Europe/Warsaw. Pure: no I/O, no
 * clock; the caller gives the stamp and builds the UIDs (`eventUid`).
 */
export { invitation, updatedInvitation, cancellation, eventUid, type CalendarEvent, type CalendarPerson, type InvitationInput, type InvitationMethod } from './invitation.ts';
export { fold, text as escapeText } from './lines.ts';
export { WARSAW } from './warsaw.ts';
