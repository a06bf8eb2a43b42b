import { describe, expect, it } from 'vitest';
import { countdownParts } from '../../../src/islands/purchases/countdown.ts';
import { warsawInstant } from '../../../modules/shared/text/index.ts';

// The island receives the product's `startsAt` as the catalogue stores it: an ISO instant string.
describe('countdown to the event', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts('2026-03-02T13:01:05.000Z', new Date('2026-03-01T12:00:00Z'))).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 5 });
  });
  it('counts to the real instant, whatever the day and month order of a display date', () => {
    // 03.04.2026 18:00 in Warsaw is 3 April, not 4 March (the original's month.day.year defect).
    const startsAt = warsawInstant(2026, 4, 3, 18).toISOString();
    expect(startsAt).toBe('2026-04-03T16:00:00.000Z');
    expect(countdownParts(startsAt, new Date('2026-04-01T16:00:00Z'))).toEqual({ days: 2, hours: 0, minutes: 0, seconds: 0 });
  });
  it('reads an instant with a Warsaw offset as the same moment', () => {
    expect(countdownParts('2026-04-03T18:00:00+02:00', new Date('2026-04-03T15:59:59Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
  it('shows zeroes once the start has passed', () => {
    expect(countdownParts('2026-03-01T12:00:00.000Z', new Date('2026-03-01T12:00:01Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
  it('shows zeroes, not NaN, for a start that is not an instant', () => {
    expect(countdownParts('03.04.2026 18:00', new Date('2026-04-01T16:00:00Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
