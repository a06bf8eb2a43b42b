/** The institute's zone as calendars need it: its VTIMEZONE, and instants as Warsaw wall-clock times. */

export const WARSAW = 'Europe/Warsaw';

/**
 * Europe/Warsaw under the EU rules in force since 1996: summer time from the last Sunday of March at 02:00 (CET) to
 * the last Sunday of October at 03:00 (CEST). Written out rather than taken from a tz database, so the file is the
 * same everywhere, and clients that know the zone by its TZID use their own rules anyway.
 */
export const warsawTimezone: readonly string[] = [
  'BEGIN:VTIMEZONE', `TZID:${WARSAW}`,
  'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'END:VTIMEZONE',
];

const wallParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: WARSAW, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSS` of Warsaw's wall clock at an instant. */
function wallClock(instant: Date): string {
  const p = Object.fromEntries(wallParts.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  return `${pad(p['year']!, 4)}${pad(p['month']!)}${pad(p['day']!)}T${pad(p['hour']!)}${pad(p['minute']!)}${pad(p['second']!)}`;
}

/** `YYYYMMDDTHHMMSSZ`, UTC (DTSTAMP, and times a wall clock cannot name). */
export const utc = (instant: Date): string => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A DATE-TIME property at an instant: Warsaw wall time with its TZID, as a calendar shows it. An instant in the second
 * pass of October's repeated hour is written in UTC instead: RFC 5545 reads an ambiguous local time as its first
 * occurrence (summer time), an hour early.
 */
export function dateTime(name: string, instant: Date): string {
  const wall = wallClock(instant);
  const repeated = wallClock(new Date(instant.getTime() - 3_600_000)).slice(0, 11) === wall.slice(0, 11) && wall.slice(9, 11) === '02';
  return repeated ? `${name}:${utc(instant)}` : `${name};TZID=${WARSAW}:${wall}`;
}
