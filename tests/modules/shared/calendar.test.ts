import { describe, expect, it } from 'vitest';
import { cancellation, eventUid, fold, invitation, updatedInvitation, type CalendarEvent } from '../../../modules/shared/calendar/index.ts';
import { checkCalendar, libicalCheck } from '../../support/ical.ts';

const people = {
  organizer: { name: 'Gestalt Online', email: 'no-reply@gestalt.example' },
  attendee: { name: 'Zofia Żółć', email: 'zofia@example.pl', partstat: 'ACCEPTED' as const, rsvp: false },
  stamp: new Date('2026-09-01T10:00:00Z'),
  prodId: '-//Gestalt Online//Purchases//EN',
};
const session = (uid: string, start: string, end: string): CalendarEvent => ({
  uid, sequence: 0, start: new Date(start), end: new Date(end), summary: 'Trening gestalt', description: 'https://gestalt.example/watch-video/t',
});
const octets = (s: string) => new TextEncoder().encode(s).length;
const linesOf = (ics: string) => ics.split('\r\n');

describe('calendar invitations (RFC 5545/5546)', () => {
  it('writes CRLF lines no longer than 75 octets, and a Polish letter at the fold stays whole', () => {
    // 'SUMMARY:' (8) + 66 'x' = 74 octets: the 'ż' (2 octets) would end on octet 76, so it opens the next line.
    const summary = `${'x'.repeat(66)}żółć gęślą jaźń ${'ą'.repeat(80)}`;
    const ics = invitation({ ...people, method: 'REQUEST', events: [{ ...session('u1@x', '2026-09-23T07:00:00Z', '2026-09-23T15:30:00Z'), summary }] });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of linesOf(ics)) expect(octets(line)).toBeLessThanOrEqual(75);
    const lines = linesOf(ics);
    const at = lines.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(lines[at]).toBe(`SUMMARY:${'x'.repeat(66)}`);
    expect(lines[at + 1]!.startsWith(' żółć')).toBe(true);
    expect(lines.slice(at + 1).every((l) => !l.includes('\uFFFD'))).toBe(true);
    expect(fold('ą'.repeat(100)).split('\r\n').map(octets)).toEqual([74, 75, 53]);
    expect(checkCalendar(ics).events[0]!.summary).toBe(summary);
  });

  it('escapes hostile text so it cannot end a property, add one or end the event', () => {
    const hostile = 'Warsztat; a, b \\ c\r\nEND:VEVENT\r\nBEGIN:VEVENT\nUID:evil\rATTENDEE:mailto:x@y\u0000\u0007';
    const ics = invitation({ ...people, method: 'REQUEST', organizer: { name: 'Site "x"\r\nMETHOD:PUBLISH', email: 'no-reply@gestalt.example' },
      attendee: { name: 'Eve";ROLE=CHAIR:mailto:e@x\nX:', email: 'eve@example.pl\r\nX-EVIL:1' },
      events: [{ ...session('u1@x', '2026-09-23T07:00:00Z', '2026-09-23T15:30:00Z'), summary: hostile, description: hostile, location: hostile, url: 'https://x.example/a b"\r\nX-EVIL:1' }] });
    expect(ics.match(/^BEGIN:VEVENT$/gm)).toHaveLength(1);
    expect(ics.match(/^METHOD:/gm)).toHaveLength(1);
    expect(ics).not.toMatch(/^(UID:evil|X-EVIL|ATTENDEE:mailto:x@y)/m);
    expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:Warsztat\\; a\\, b \\\\ c\\nEND:VEVENT\\nBEGIN:VEVENT\\nUID:evil\\nATTENDEE:mailto:x@y\r\n');
    const read = checkCalendar(ics);
    const event = read.events[0]!;
    expect(read.method).toBe('REQUEST');
    expect(event.summary).toBe('Warsztat; a, b \\ c\nEND:VEVENT\nBEGIN:VEVENT\nUID:evil\nATTENDEE:mailto:x@y');
    expect(event.location).toBe(event.summary);
    expect(event.uid).toBe('u1@x');
    expect(event.attendee!.getParameter('role')).toBe('REQ-PARTICIPANT');
  });

  it('carries the Europe/Warsaw VTIMEZONE with the EU rules and names times in Warsaw wall time', () => {
    const ics = invitation({ ...people, method: 'REQUEST', events: [session('u1@x', '2026-09-23T07:00:00Z', '2026-09-23T15:30:00Z')] });
    const tz = ics.slice(ics.indexOf('BEGIN:VTIMEZONE'), ics.indexOf('END:VTIMEZONE'));
    expect(tz).toContain('TZID:Europe/Warsaw');
    expect(tz).toMatch(/BEGIN:DAYLIGHT\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200\r\n[^]*RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT/);
    expect(tz).toMatch(/BEGIN:STANDARD\r\nTZOFFSETFROM:\+0200\r\nTZOFFSETTO:\+0100\r\n[^]*RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD/);
    expect(ics).toContain('DTSTART;TZID=Europe/Warsaw:20260923T090000\r\n');
    expect(ics).toContain('DTEND;TZID=Europe/Warsaw:20260923T173000\r\n');
    expect(ics).toContain('DTSTAMP:20260901T100000Z\r\n');
    expect(ics).toContain('ORGANIZER;CN="Gestalt Online":mailto:no-reply@gestalt.example\r\n');
  });

  it('is right on the last Sundays of March and October: 09:00 Warsaw is 07:00 UTC after the spring change, 08:00 UTC after the autumn one', () => {
    const march = session('march@x', '2026-03-29T07:00:00Z', '2026-03-29T15:30:00Z');
    const october = session('october@x', '2026-10-25T08:00:00Z', '2026-10-25T16:30:00Z');
    // The night of the change: 01:30 before it, and the second 02:30 of October (winter time), which a wall time cannot name.
    const night = session('night@x', '2026-03-29T00:30:00Z', '2026-10-25T01:30:00Z');
    const ics = invitation({ ...people, method: 'REQUEST', events: [march, october, night] });
    expect(ics).toContain('DTSTART;TZID=Europe/Warsaw:20260329T090000\r\nDTEND;TZID=Europe/Warsaw:20260329T173000');
    expect(ics).toContain('DTSTART;TZID=Europe/Warsaw:20261025T090000\r\nDTEND;TZID=Europe/Warsaw:20261025T173000');
    expect(ics).toContain('DTSTART;TZID=Europe/Warsaw:20260329T013000\r\nDTEND:20261025T013000Z');
    const read = checkCalendar(ics);
    expect(read.events.map((e) => [e.uid, e.start.toISOString(), e.end.toISOString()])).toEqual([
      ['march@x', '2026-03-29T07:00:00.000Z', '2026-03-29T15:30:00.000Z'],
      ['october@x', '2026-10-25T08:00:00.000Z', '2026-10-25T16:30:00.000Z'],
      ['night@x', '2026-03-29T00:30:00.000Z', '2026-10-25T01:30:00.000Z'],
    ]);
  });

  it('keeps the UIDs in an update (higher SEQUENCE) and in the cancellation (STATUS:CANCELLED)', () => {
    const uid = eventUid('p-1', 's-2', 'gestalt.example');
    expect(uid).toBe('p-1-s-2@gestalt.example');
    const first = session(uid, '2026-09-23T07:00:00Z', '2026-09-23T15:30:00Z');
    const update = updatedInvitation({ ...people, sequence: 2, events: [{ ...first, start: new Date('2026-09-23T08:00:00Z') }] });
    expect(update).toContain('METHOD:REQUEST\r\n');
    expect(checkCalendar(update).events.map((e) => [e.uid, e.sequence, e.status, e.start.toISOString()])).toEqual([[uid, 2, 'CONFIRMED', '2026-09-23T08:00:00.000Z']]);
    expect(() => updatedInvitation({ ...people, sequence: 0, events: [first] })).toThrow(/SEQUENCE 1/);
    const cancel = cancellation({ ...people, sequence: 1, events: [first] });
    expect(cancel).toContain('METHOD:CANCEL\r\n');
    expect(checkCalendar(cancel).events.map((e) => [e.uid, e.sequence, e.status])).toEqual([[uid, 1, 'CANCELLED']]);
  });

  it('is the same text for the same input, and refuses an event that ends before it starts', () => {
    const input = { ...people, method: 'REQUEST' as const, events: [session('u@x', '2026-09-23T07:00:00Z', '2026-09-23T15:30:00Z')] };
    expect(invitation(input)).toBe(invitation(input));
    expect(() => invitation({ ...input, events: [session('u@x', '2026-09-23T07:00:00Z', '2026-09-23T07:00:00Z')] })).toThrow(/ends before/);
    expect(() => invitation({ ...input, events: [] })).toThrow();
  });

  it('has a libical check that does refuse: a REQUEST without ORGANIZER breaks iTIP', () => {
    const ics = invitation({ ...people, method: 'REQUEST', events: [session('u@x', '2026-09-23T07:00:00Z', '2026-09-23T15:30:00Z')] });
    expect(() => libicalCheck(ics.replace(/^ORGANIZER.*\r\n/m, ''))).toThrow(/ORGANIZER/);
  });
});
