import { describe, expect, it } from 'vitest';
import { formatDate, formatDayRange, fromWarsawInput, toWarsawInput, warsawDaysFrom, warsawInstant } from '../../../../modules/shared/text/index.ts';

// 2026: summer time starts on Sunday 29 March (02:00 → 03:00) and ends on Sunday 25 October (03:00 → 02:00).
const both = (iso: string, style: Parameters<typeof formatDate>[2]) => [formatDate(new Date(iso), 'pl', style), formatDate(new Date(iso), 'en', style)];

describe('dates on the Warsaw clock, in each language', () => {
  it('writes each style', () => {
    const iso = '2026-12-17T17:00:00Z';
    expect(both(iso, 'day')).toEqual(['17 grudnia 2026', '17 December 2026']);
    expect(both(iso, 'dayTime')).toEqual(['17 grudnia 2026 18:00', '17 December 2026 at 18:00']);
    expect(both(iso, 'numeric')).toEqual(['17.12.2026', '17.12.2026']);
    expect(both(iso, 'month')).toEqual(['grudnia 2026', 'December 2026']);
    expect(both(iso, 'short')).toEqual(['17 gru 2026', '17 Dec 2026']);
    expect(both(iso, 'shortTime')).toEqual(['17 gru 2026, 18:00', '17 Dec 2026, 18:00']);
  });

  it('moves from 01:59 to 03:00 across the last Sunday of March', () => {
    expect(both('2026-03-29T00:59:00Z', 'shortTime')).toEqual(['29 mar 2026, 01:59', '29 Mar 2026, 01:59']);
    expect(both('2026-03-29T01:00:00Z', 'shortTime')).toEqual(['29 mar 2026, 03:00', '29 Mar 2026, 03:00']);
  });

  it('shows 02:30 twice across the last Sunday of October, an hour apart', () => {
    expect(both('2026-10-25T00:30:00Z', 'dayTime')).toEqual(['25 października 2026 02:30', '25 October 2026 at 02:30']);
    expect(both('2026-10-25T01:30:00Z', 'dayTime')).toEqual(['25 października 2026 02:30', '25 October 2026 at 02:30']);
  });

  it('counts the day in Warsaw, not in UTC: half past eleven on New Year\'s Eve (UTC) is already 1 January', () => {
    expect(both('2026-12-31T23:30:00Z', 'numeric')).toEqual(['01.01.2027', '01.01.2027']);
  });

  it('writes a range of days closed up around the dash, or a single day', () => {
    expect(formatDayRange(new Date('2026-09-23T07:00:00Z'), 6, 'pl')).toBe('23–28 września 2026');
    expect(formatDayRange(new Date('2026-09-23T07:00:00Z'), 6, 'en')).toBe('23–28 September 2026');
    expect(formatDayRange(new Date('2026-09-23T07:00:00Z'), 1, 'en')).toBe('23 September 2026');
  });
});

describe('a Warsaw wall-clock time as an instant', () => {
  it('is UTC+1 in winter and UTC+2 in summer, changing on the last Sundays of March and October', () => {
    expect(warsawInstant(2026, 3, 29, 1, 59).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(warsawInstant(2026, 3, 29, 3, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(warsawInstant(2026, 10, 25, 1, 59).toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(warsawInstant(2026, 10, 25, 3, 0).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('reads the skipped half hour of March as the clock shows it after the change, and October\'s repeated one as winter time', () => {
    expect(warsawInstant(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(warsawInstant(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('keeps the time of day when counting days across a change', () => {
    expect(warsawDaysFrom(new Date('2026-03-28T12:00:00Z'), 2, 9).toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(warsawDaysFrom(new Date('2026-10-24T12:00:00Z'), 2, 9).toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });
});

describe('the admin editor\'s datetime-local value, on the Warsaw clock', () => {
  it('shows both instants of October\'s repeated hour as 02:30 and reads 02:30 back as the second', () => {
    expect([toWarsawInput('2026-10-25T00:30:00Z'), toWarsawInput('2026-10-25T01:30:00Z')]).toEqual(['2026-10-25T02:30', '2026-10-25T02:30']);
    expect(fromWarsawInput('2026-10-25T02:30')).toBe('2026-10-25T01:30:00.000Z');
  });

  it('refuses a day the month does not have, rather than rolling it into the next month', () => {
    expect(fromWarsawInput('2026-02-30T10:00')).toBe('');
    expect(fromWarsawInput('2026-04-31T10:00')).toBe('');
    expect(fromWarsawInput('2028-02-29T10:00')).toBe('2028-02-29T09:00:00.000Z');
  });
});
