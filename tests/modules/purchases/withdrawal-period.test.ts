import { describe, expect, it } from 'vitest';
import { consentsNeeded, lastDayOfWithdrawal, withdrawalDeadline } from '../../../modules/purchases/withdrawal-period.ts';

/**
 * The 14-day period on Warsaw's calendar and the consents it makes a checkout need. Instants are UTC; the comments
 * give Warsaw's clock (CET = UTC+1, CEST = UTC+2). 2026's autumn change is on 25 October, 2027's spring one on 28 March.
 */
describe('the withdrawal period ends at Warsaw midnight after the 14th day following the purchase date', () => {
  it.each([
    // purchased (UTC)              Warsaw                       period ends (UTC)              Warsaw
    ['2026-11-01T09:00:00.000Z', /* 1 Nov 10:00 CET */ '2026-11-15T23:00:00.000Z' /* 16 Nov 00:00 CET */],
    ['2026-11-01T22:59:59.999Z', /* 1 Nov 23:59 CET */ '2026-11-15T23:00:00.000Z'],
    ['2026-10-31T23:00:00.000Z', /* 1 Nov 00:00 CET: already 1 November in Warsaw */ '2026-11-15T23:00:00.000Z'],
    ['2026-11-01T23:00:00.000Z', /* 2 Nov 00:00 CET */ '2026-11-16T23:00:00.000Z'],
    // Bought in summer time, ends in winter time: still at Warsaw midnight, not 15 × 24 hours later.
    ['2026-10-20T10:00:00.000Z', /* 20 Oct 12:00 CEST */ '2026-11-03T23:00:00.000Z' /* 4 Nov 00:00 CET */],
    ['2026-10-24T22:30:00.000Z', /* 25 Oct 00:30 CEST, the night of the change */ '2026-11-08T23:00:00.000Z' /* 9 Nov 00:00 CET */],
    // Bought in winter time, ends in summer time.
    ['2027-03-20T11:00:00.000Z', /* 20 Mar 12:00 CET */ '2027-04-03T22:00:00.000Z' /* 4 Apr 00:00 CEST */],
    ['2027-03-28T01:30:00.000Z', /* 28 Mar 03:30 CEST, just after the change */ '2027-04-11T22:00:00.000Z' /* 12 Apr 00:00 CEST */],
  ])('bought at %s: the period ends at %s', (purchased, ends) => {
    expect(withdrawalDeadline(new Date(purchased)).toISOString()).toBe(ends);
  });

  it('names the 14th day as the last one, in Warsaw (15 November for a purchase on 1 November)', () => {
    const last = lastDayOfWithdrawal(new Date('2026-11-01T09:00:00.000Z'));
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(last)).toBe('2026-11-15');
  });
});

/** A live event of `hours` hours starting at `liveAt`, with or without a recording. */
const event = (liveAt: string, recording: boolean, hours = 3) =>
  ({ liveAt: new Date(liveAt), liveEndsAt: new Date(Date.parse(liveAt) + hours * 3_600_000), recordingAvailable: recording });

describe('consentsNeeded(product, purchasedAt): the rule the buy panel and the server both apply', () => {
  it.each([
    // purchased (UTC), live event starts (UTC), recording included → consents needed
    // Far from the boundary.
    ['2026-11-01T09:00:00.000Z', '2026-11-05T17:00:00.000Z', false, ['earlyStart']],
    ['2026-11-01T09:00:00.000Z', '2026-11-05T17:00:00.000Z', true, ['earlyStart', 'recordingEarly']],
    ['2026-11-01T09:00:00.000Z', '2026-12-20T17:00:00.000Z', false, []],
    ['2026-11-01T09:00:00.000Z', '2026-12-20T17:00:00.000Z', true, ['recordingEarly']],
    // The 14-day boundary (ends 16 Nov 00:00 CET = 15 Nov 23:00 UTC), on both sides.
    ['2026-11-01T09:00:00.000Z', '2026-11-15T22:59:59.999Z', false, ['earlyStart']],
    ['2026-11-01T09:00:00.000Z', '2026-11-15T23:00:00.000Z', false, []],
    ['2026-11-01T09:00:00.000Z', '2026-11-15T23:00:00.000Z', true, ['recordingEarly']],
    // Bought at the very end of a Warsaw day or the very start of the next: the date, not the hour, counts.
    ['2026-11-01T22:59:59.999Z', '2026-11-15T22:30:00.000Z', false, ['earlyStart']],
    ['2026-11-01T22:59:59.999Z', '2026-11-15T23:30:00.000Z', false, []],
    ['2026-11-01T23:00:00.000Z', '2026-11-15T23:30:00.000Z', false, ['earlyStart']],
    // Across the autumn change (25 Oct 2026): the period bought on 20 Oct ends 4 Nov 00:00 CET = 3 Nov 23:00 UTC,
    // an hour later than 15 × 24 hours from 20 Oct 00:00 CEST would say.
    ['2026-10-20T10:00:00.000Z', '2026-11-03T22:30:00.000Z', false, ['earlyStart']],
    ['2026-10-20T10:00:00.000Z', '2026-11-03T23:00:00.000Z', true, ['recordingEarly']],
    // Across the spring change (28 Mar 2027): bought 20 Mar, ends 4 Apr 00:00 CEST = 3 Apr 22:00 UTC,
    // an hour earlier than 15 × 24 hours from 20 Mar 00:00 CET would say.
    ['2027-03-20T11:00:00.000Z', '2027-04-03T21:59:00.000Z', false, ['earlyStart']],
    ['2027-03-20T11:00:00.000Z', '2027-04-03T22:30:00.000Z', false, []],
    ['2027-03-20T11:00:00.000Z', '2027-04-03T22:30:00.000Z', true, ['recordingEarly']],
    // Bought while the live event runs: the rest of it is still a service started within the period.
    ['2026-11-05T18:00:00.000Z', '2026-11-05T17:00:00.000Z', true, ['earlyStart', 'recordingEarly']],
    // Bought after the live event ended: only the recording is sold.
    ['2026-11-05T20:00:00.000Z', '2026-11-05T17:00:00.000Z', true, ['recordingEarly']],
    ['2026-11-05T20:00:00.000Z', '2026-11-05T17:00:00.000Z', false, []],
  ])('bought %s, live %s, recording %s: %j', (purchased, liveAt, recording, needed) => {
    expect(consentsNeeded(event(liveAt, recording), new Date(purchased))).toEqual(needed);
  });

  it('counts a multi-day training under way by its last day\'s end', () => {
    const training = { liveAt: new Date('2026-11-05T09:00:00.000Z'), liveEndsAt: new Date('2026-11-07T17:00:00.000Z'), recordingAvailable: false };
    expect(consentsNeeded(training, new Date('2026-11-06T12:00:00.000Z'))).toEqual(['earlyStart']);
    expect(consentsNeeded(training, new Date('2026-11-07T17:00:00.000Z'))).toEqual([]);
  });
});
