import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalRight, type ConsentKind } from '../../../modules/purchases/index.ts';

/** The withdrawal right as a rule table: the 14-day period on Warsaw's calendar, the ways it ends early, the pro-rata share. */
const at = (iso: string) => new Date(iso);
const paid = (paidAt: string, consents: ConsentKind[] = [], playbackStartedAt: string | null = null, amountMinor = 90_000) =>
  ({ paidAt: at(paidAt), amountMinor, currency: 'PLN' as const, consents, playbackStartedAt: playbackStartedAt ? at(playbackStartedAt) : null });
/** Three days, 10:00–14:00 Warsaw (summer time): 12 hours of sessions. */
const training = { startsAt: '2026-05-04T08:00:00.000Z', days: 3, dailyEnd: '14:00', recordingAvailable: false };
/** A recording-only purchase: the live event was long over. */
const recorded = { startsAt: '2026-01-05T17:00:00.000Z', days: 1, dailyEnd: '21:00', recordingAvailable: true };

describe('withdrawalDeadline: the end of the 14th day after the purchase\'s Warsaw date', () => {
  it.each([
    ['late evening in Warsaw, still that Warsaw day', '2026-01-10T22:30:00.000Z', '2026-01-24T23:00:00.000Z'],
    ['just after Warsaw midnight, already the next Warsaw day (UTC still says the day before)', '2026-01-10T23:30:00.000Z', '2026-01-25T23:00:00.000Z'],
    ['across the spring DST change: the period ends at midnight summer time', '2026-03-20T09:00:00.000Z', '2026-04-03T22:00:00.000Z'],
    ['across the autumn DST change: the period ends at midnight winter time', '2026-10-20T10:00:00.000Z', '2026-11-03T23:00:00.000Z'],
  ])('given a purchase %s, the period ends at Warsaw midnight after the 14th day', (_case, purchasedAt, deadline) => {
    expect(withdrawalDeadline(at(purchasedAt)).toISOString()).toBe(deadline);
  });
});

describe('withdrawalRight', () => {
  it('given a recording bought after the event, when the last instant of the 14th day comes, then it is open; at midnight it is over', () => {
    const purchase = paid('2026-03-20T09:00:00.000Z');
    expect(withdrawalRight(purchase, recorded, at('2026-04-03T21:59:59.999Z'))).toMatchObject({ open: true, proRataMinor: 0, refundMinor: 90_000 });
    expect(withdrawalRight(purchase, recorded, at('2026-04-03T22:00:00.000Z'))).toMatchObject({ open: false, ended: 'period-over' });
  });

  it('given the consent to receive the recording early, when playback started, then the right ended; without the consent it stays open', () => {
    const played = '2026-03-21T10:00:00.000Z';
    expect(withdrawalRight(paid('2026-03-20T09:00:00.000Z', ['recordingEarly'], played), recorded, at('2026-03-22T10:00:00.000Z')))
      .toMatchObject({ open: false, ended: 'recording-opened' });
    expect(withdrawalRight(paid('2026-03-20T09:00:00.000Z', ['recordingEarly']), recorded, at('2026-03-22T10:00:00.000Z'))).toMatchObject({ open: true });
    expect(withdrawalRight(paid('2026-03-20T09:00:00.000Z', [], played), recorded, at('2026-03-22T10:00:00.000Z')))
      .toMatchObject({ open: true, refundMinor: 90_000 });
  });

  it('given a live training not yet started, then all is refunded', () => {
    expect(withdrawalRight(paid('2026-05-01T10:00:00.000Z', ['earlyStart']), training, at('2026-05-04T07:59:00.000Z')))
      .toEqual({ open: true, deadline: at('2026-05-15T22:00:00.000Z'), underWay: false, proRataMinor: 0, refundMinor: 90_000, currency: 'PLN' });
  });

  it('given a training under way, then the buyer pays the elapsed share of session time (one and a half of three days: half)', () => {
    expect(withdrawalRight(paid('2026-05-01T10:00:00.000Z', ['earlyStart']), training, at('2026-05-05T10:00:00.000Z')))
      .toMatchObject({ open: true, underWay: true, proRataMinor: 45_000, refundMinor: 45_000 });
    // Between two days nothing is being provided: the share stays at the first day's.
    expect(withdrawalRight(paid('2026-05-01T10:00:00.000Z'), training, at('2026-05-04T20:00:00.000Z')))
      .toMatchObject({ proRataMinor: 30_000, refundMinor: 60_000 });
  });

  it('given the early-start request, when the last session ended, then the right ended; without it, the buyer pays in full and may still withdraw', () => {
    const after = at('2026-05-06T12:00:00.000Z');
    expect(withdrawalRight(paid('2026-05-01T10:00:00.000Z', ['earlyStart']), training, after)).toMatchObject({ open: false, ended: 'service-performed' });
    expect(withdrawalRight(paid('2026-05-01T10:00:00.000Z', ['earlyStart']), training, at('2026-05-06T11:59:59.000Z'))).toMatchObject({ open: true });
    expect(withdrawalRight(paid('2026-05-01T10:00:00.000Z'), training, after)).toMatchObject({ open: true, proRataMinor: 90_000, refundMinor: 0 });
  });

  it('given a two-day workshop across the spring DST change, then each day runs on Warsaw\'s clock and the share is rounded down for the buyer', () => {
    // 28 March 09:00–13:00 CET (08:00–12:00Z), 29 March 09:00–13:00 CEST (07:00–11:00Z): at 11:00 CEST, 6 of 8 hours.
    const workshop = { startsAt: '2026-03-28T08:00:00.000Z', days: 2, dailyEnd: '13:00', recordingAvailable: true };
    expect(withdrawalRight(paid('2026-03-27T12:00:00.000Z', [], null, 10_001), workshop, at('2026-03-29T09:00:00.000Z')))
      .toMatchObject({ open: true, underWay: true, proRataMinor: 7_500, refundMinor: 2_501 });
    expect(withdrawalRight(paid('2026-03-27T12:00:00.000Z', ['earlyStart'], null, 10_001), workshop, at('2026-03-29T11:00:00.000Z')))
      .toMatchObject({ open: false, ended: 'service-performed' });
  });
});

describe('withdrawal acknowledgement mail texts', () => {
  it('exist in both languages with the same placeholders', async () => {
    const { acknowledgementTexts: texts } = await import('../../../modules/purchases/index.ts');
    expect(Object.keys(texts.en).sort()).toEqual(Object.keys(texts.pl).sort());
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(texts.pl) as (keyof typeof texts.pl)[]) expect(vars(texts.en[key]), key).toEqual(vars(texts.pl[key]));
  });
});
