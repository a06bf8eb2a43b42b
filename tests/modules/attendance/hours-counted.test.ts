import { describe, expect, it } from 'vitest';
import { hoursCounted } from '../../../modules/attendance/index.ts';

/** A session of 8 hours (480 minutes) worth 7.5 hours (a half-hour break), and one of 3 hours worth 3. */
const day = { start: '2026-09-23T07:00:00.000Z', end: '2026-09-23T15:00:00.000Z', hours: 7.5 };
const evening = { start: '2026-09-23T16:00:00.000Z', end: '2026-09-23T19:00:00.000Z', hours: 3 };
const present = (minutes: number | null) => ({ present: true, minutes });

describe('the hours a session counts', () => {
  it('given nothing recorded or absent, then none', () => {
    expect(hoursCounted(day, { present: null, minutes: null })).toBe(0);
    expect(hoursCounted(day, { present: false, minutes: null })).toBe(0);
  });

  it('given present without minutes (a join click, the admin\'s tick), then the session\'s full hours', () => {
    expect(hoursCounted(day, present(null))).toBe(7.5);
  });

  it('given the whole session\'s minutes, then its full hours, never more (capped at its hours, not its length)', () => {
    expect(hoursCounted(day, present(480))).toBe(7.5);
    expect(hoursCounted(day, present(500))).toBe(7.5);
  });

  it('given part of the session, then its hours in proportion to the minutes over its scheduled length', () => {
    expect(hoursCounted(day, present(240))).toBe(3.75);
    expect(hoursCounted(evening, present(90))).toBe(1.5);
  });

  it('given minutes between two quarters, then rounded DOWN to the quarter below; exactly a quarter counts it', () => {
    // 7.5 h over 480 min: a quarter of an hour is worth 16 minutes attended.
    expect(hoursCounted(day, present(16))).toBe(0.25);
    expect(hoursCounted(day, present(15))).toBe(0);
    expect(hoursCounted(day, present(239))).toBe(3.5);
    expect(hoursCounted(day, present(479))).toBe(7.25);
    expect(hoursCounted(evening, present(179))).toBe(2.75);
  });

  it('given present with no minutes at all, then none', () => {
    expect(hoursCounted(day, present(0))).toBe(0);
  });
});
