import { describe, expect, it } from 'vitest';
import { countdownParts } from '../../../src/islands/purchases/countdown.ts';

describe('countdown to the event', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(new Date('2026-03-02T13:01:05Z'), new Date('2026-03-01T12:00:00Z'))).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 5 });
  });
  it('counts to the real instant, whatever the day and month order of a display date', () => {
    // 03.04.2026 18:00 in Warsaw is 3 April, not 4 March (the original's month.day.year defect).
    expect(countdownParts(new Date('2026-04-03T16:00:00Z'), new Date('2026-04-01T16:00:00Z')).days).toBe(2);
  });
  it('shows zeroes once the start has passed', () => {
    expect(countdownParts(new Date('2026-03-01T12:00:00Z'), new Date('2026-03-01T12:00:01Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
