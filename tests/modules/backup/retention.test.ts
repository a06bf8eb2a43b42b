import { describe, expect, it } from 'vitest';
import { duePeriod, weekKey } from '../../../modules/backup/calendar.ts';
import { backupsToKeep, DEFAULT_RETENTION } from '../../../modules/backup/retention.ts';

const at = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
/** A backup at 01:30 UTC (02:30 or 03:30 in Warsaw) on each of `days` days before and including `last`. */
const nightly = (last: string, days: number) =>
  Array.from({ length: days }, (_, i) => new Date(Date.parse(`${last}T01:30:00Z`) - i * 86_400_000));

describe('retention: which backups are kept', () => {
  it('given fewer backups than slots, when retention runs, then every one is kept', () => {
    const times = nightly('2026-12-07', 3);
    expect(iso(backupsToKeep(times, at('2026-12-07T12:00:00Z'), DEFAULT_RETENTION))).toEqual(iso(times));
  });

  it('given no backup, then nothing is kept and nothing fails', () => {
    expect(backupsToKeep([], at('2026-12-07T12:00:00Z'), DEFAULT_RETENTION)).toEqual([]);
  });

  it('given a nightly backup for a year, when retention runs with 7/4/6, then 7 days, the newest of 4 weeks and of 6 months are kept', () => {
    const times = nightly('2026-12-07', 365);
    const kept = iso(backupsToKeep(times, at('2026-12-07T12:00:00Z'), DEFAULT_RETENTION));
    expect(kept).toEqual([
      // 7 days: 1-7 December (Monday 7th back to Tuesday 1st)
      ...nightly('2026-12-07', 7).map((d) => d.toISOString()),
      // weeks: the week of 7 Dec is held by the 7th; then the Sundays 6 Dec (in the days already), 29 Nov, 22 Nov
      '2026-11-29T01:30:00.000Z', '2026-11-22T01:30:00.000Z',
      // months: December (the 7th), then the last day of November (30th), October, September, August, July
      '2026-11-30T01:30:00.000Z', '2026-10-31T01:30:00.000Z', '2026-09-30T01:30:00.000Z', '2026-08-31T01:30:00.000Z', '2026-07-31T01:30:00.000Z',
    ].sort().reverse());
    expect(kept).toHaveLength(7 + 2 + 5);
  });

  it('given two backups on one Warsaw day, then only the newer of them fills that day\'s slot', () => {
    const times = [at('2026-12-07T01:30:00Z'), at('2026-12-07T20:00:00Z'), at('2026-12-06T01:30:00Z')];
    expect(iso(backupsToKeep(times, at('2026-12-08T00:00:00Z'), { daily: 2, weekly: 0, monthly: 0 }))).toEqual(['2026-12-07T20:00:00.000Z', '2026-12-06T01:30:00.000Z']);
  });

  it('given backups either side of Warsaw midnight (23:30 UTC is already the next day in Warsaw), then they are different days', () => {
    // 30 Nov 23:30 UTC is 1 Dec 00:30 in Warsaw: a new day, a new week? no (Tuesday), a new month: yes.
    const times = [at('2026-11-30T23:30:00Z'), at('2026-11-30T22:30:00Z')];
    expect(iso(backupsToKeep(times, at('2026-12-02T00:00:00Z'), { daily: 0, weekly: 0, monthly: 2 }))).toEqual(iso(times));
    expect(iso(backupsToKeep(times, at('2026-12-02T00:00:00Z'), { daily: 0, weekly: 1, monthly: 0 }))).toEqual(['2026-11-30T23:30:00.000Z']);
  });

  it('given the last Sunday of October (clocks go back at 03:00 in Warsaw), then the week ends at Warsaw midnight after the change', () => {
    // Sunday 25 Oct 2026, 23:30 CET = 22:30 UTC; Monday 26 Oct 00:30 CET = 23:30 UTC on the 25th: the next ISO week.
    expect(weekKey(at('2026-10-25T22:30:00Z'))).toBe('2026-W43');
    expect(weekKey(at('2026-10-25T23:30:00Z'))).toBe('2026-W44');
    // Both passes of the repeated hour 02:00-03:00 (00:30 and 01:30 UTC) are Sunday the 25th.
    const times = [at('2026-10-25T23:30:00Z'), at('2026-10-25T22:30:00Z'), at('2026-10-25T01:30:00Z'), at('2026-10-25T00:30:00Z'), at('2026-10-24T21:30:00Z')];
    const kept = backupsToKeep(times, at('2026-10-27T00:00:00Z'), { daily: 3, weekly: 2, monthly: 0 });
    // Days: Monday 26th (23:30Z), Sunday 25th (its newest, 22:30Z), Saturday 24th (21:30Z is 23:30 CEST); weeks: W44, W43.
    expect(iso(kept)).toEqual(['2026-10-25T23:30:00.000Z', '2026-10-25T22:30:00.000Z', '2026-10-24T21:30:00.000Z']);
  });

  it('given a week boundary (Sunday to Monday), then the newest backup of each week is its weekly one', () => {
    const times = nightly('2026-12-14', 14);
    expect(iso(backupsToKeep(times, at('2026-12-14T12:00:00Z'), { daily: 1, weekly: 3, monthly: 0 })))
      .toEqual(['2026-12-14T01:30:00.000Z', '2026-12-13T01:30:00.000Z', '2026-12-06T01:30:00.000Z']);
  });

  it('given backups that stopped months ago, then the last ones are kept, not aged out by the passing time', () => {
    const times = nightly('2026-03-10', 30);
    expect(backupsToKeep(times, at('2026-12-07T12:00:00Z'), DEFAULT_RETENTION)).toHaveLength(7 + 2 + 2 - 1);
  });

  it('given a backup dated after now (a clock set back), then it is kept', () => {
    const times = [at('2026-12-09T01:30:00Z'), ...nightly('2026-12-07', 3)];
    expect(iso(backupsToKeep(times, at('2026-12-07T12:00:00Z'), { daily: 1, weekly: 0, monthly: 0 }))).toEqual(['2026-12-09T01:30:00.000Z']);
  });
});

describe('the schedule: which period is due', () => {
  const daily = { every: 'day', hour: 3 } as const;
  it('given a daily schedule at 03:00 Warsaw, then the day is due from 03:00 Warsaw (02:00 UTC in winter, 01:00 UTC in summer)', () => {
    expect(duePeriod(daily, at('2026-12-07T01:59:00Z'))).toBeNull();
    expect(duePeriod(daily, at('2026-12-07T02:00:00Z'))).toBe('2026-12-07');
    expect(duePeriod(daily, at('2026-07-07T00:59:00Z'))).toBeNull();
    expect(duePeriod(daily, at('2026-07-07T01:00:00Z'))).toBe('2026-07-07');
    expect(duePeriod(daily, at('2026-12-07T22:59:00Z'))).toBe('2026-12-07');
  });
  it('given a weekly schedule on Sunday at 04:00, then the ISO week is due from its Sunday, also on the day clocks go back', () => {
    const weekly = { every: 'week', weekday: 7, hour: 4 } as const;
    expect(duePeriod(weekly, at('2026-10-24T12:00:00Z'))).toBeNull();
    expect(duePeriod(weekly, at('2026-10-25T02:59:00Z'))).toBeNull();
    expect(duePeriod(weekly, at('2026-10-25T03:00:00Z'))).toBe('2026-W43');
    expect(duePeriod(weekly, at('2026-10-26T00:00:00Z'))).toBeNull();
  });
  it('given the schedule switched off, then nothing is ever due', () => {
    expect(duePeriod({ every: 'never' }, at('2026-12-07T12:00:00Z'))).toBeNull();
  });
});
