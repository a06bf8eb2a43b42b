import { describe, expect, it } from 'vitest';
import { fromWarsawInput, toWarsawInput } from '../../../src/islands/admin/format.ts';
import { matches } from '../../../src/islands/admin/search.ts';

describe('the admin panel\'s attendee search (spec 2: by name or phone)', () => {
  const ewa = { userId: '1', name: 'Ewa Łukasiewicz-Żółw', email: 'ewa@example.com', phone: '+48 601 222 333', purchaseDate: '2026-01-01T00:00:00.000Z' };

  it('finds a name in any case and without the Polish letters typed', () => {
    for (const q of ['ewa', 'ŁUKASIEWICZ', 'lukasiewicz', 'zolw', '  Ewa  ']) expect(matches(ewa, q), q).toBe(true);
    expect(matches(ewa, 'Anna')).toBe(false);
  });

  it('finds a phone by its digits whatever the spacing or prefix typed', () => {
    for (const q of ['601222333', '601 222', '+48601', '222-333']) expect(matches(ewa, q), q).toBe(true);
    expect(matches(ewa, '999')).toBe(false);
  });

  it('shows everyone for an empty search', () => {
    expect(matches(ewa, '')).toBe(true);
    expect(matches(ewa, '   ')).toBe(true);
  });
});

describe('the catalogue editor\'s start time, on Warsaw\'s clock whatever the laptop\'s zone', () => {
  it('shows an instant as Warsaw wall-clock time in summer and in winter', () => {
    expect(toWarsawInput('2026-07-01T08:00:00.000Z')).toBe('2026-07-01T10:00');
    expect(toWarsawInput('2026-12-01T08:00:00.000Z')).toBe('2026-12-01T09:00');
  });

  it('reads a wall-clock time as the Warsaw instant, also on the days the clocks change', () => {
    expect(fromWarsawInput('2026-07-01T10:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(fromWarsawInput('2026-12-01T09:00')).toBe('2026-12-01T08:00:00.000Z');
    expect(fromWarsawInput('2026-03-29T12:00')).toBe('2026-03-29T10:00:00.000Z');
    expect(fromWarsawInput('2026-10-25T12:00')).toBe('2026-10-25T11:00:00.000Z');
  });

  it('round-trips every hour of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const iso = new Date(t).toISOString();
      const wall = toWarsawInput(iso);
      // The hour repeated when the clocks go back reads as its second occurrence (winter time).
      expect(Math.abs(Date.parse(fromWarsawInput(wall)) - t), iso).toBeLessThanOrEqual(3_600_000);
    }
  });

  it('answers an empty string for something that is not a date', () => {
    expect(fromWarsawInput('')).toBe('');
    expect(fromWarsawInput('jutro')).toBe('');
  });
});
