import { describe, expect, it } from 'vitest';
import { dayLine, detailLines, durationLine, firstSessionMinutes, shownSessions, whenLine } from '../../../modules/catalogue/facts.ts';
import { productDecider } from '../../../modules/catalogue/product-decider.ts';
import type { Product, ProductEvent } from '../../../modules/catalogue/product.ts';
import { shiftedSessions, withIds } from '../../../modules/catalogue/schedule.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import { sessionsOf, type Session } from '../../../modules/catalogue/sessions.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const seeds = demoProducts(new Date('2026-09-01T10:00:00Z'));
const { product, secrets } = seeds[0]!;
const published: ProductEvent = { type: 'ProductPublished', data: { product, secrets } };
const products = deciderSpec(productDecider);
const revise = (changes: Partial<Product>, seatsSold?: number) =>
  ({ type: 'ReviseProduct' as const, key: product.key, changes, ...(seatsSold !== undefined ? { seatsSold } : {}) });
/** A session on a September 2026 day in Warsaw (UTC+2), hours on Warsaw's clock. */
const at = (day: number, clock: string) => new Date(`2026-09-${String(day).padStart(2, '0')}T${clock}:00+02:00`).toISOString();
const session = (id: string, day: number, from: string, to: string): Session => ({ id, start: at(day, from), end: at(day, to) });

describe('a product\'s sessions (issue 24)', () => {
  it('are required: none is refused', () =>
    products.given([published]).when(revise({ sessions: [] })).thenThrows('product-sessions-missing', { field: 'sessions' }));
  it('each end after they start: an end equal to the start is refused, naming the row', () =>
    products.given([published]).when(revise({ sessions: [session('a', 23, '09:00', '17:30'), session('b', 24, '09:00', '09:00')] }))
      .thenThrows('product-session-ends-first', { field: 'sessions.1.end' }));
  it('do not overlap, by a minute, naming the later one', () =>
    products.given([published]).when(revise({ sessions: [session('b', 23, '12:59', '15:00'), session('a', 23, '09:00', '13:00')] }))
      .thenThrows('product-sessions-overlap', { field: 'sessions.0.start' }));
  it('may touch: one ending when the next starts; they are kept in time order and the start, days and daily end follow', () => {
    const sessions = [session('b', 25, '13:00', '17:00'), session('a', 25, '09:00', '13:00')];
    const sorted = [sessions[1]!, sessions[0]!];
    products.given([published]).when(revise({ sessions })).then([{ type: 'ProductRevised', data: { key: product.key, changes: {
      sessions: sorted, startsAt: at(25, '09:00'), days: 1, dailyEnd: '13:00',
    } } }, { type: 'ProductScheduleChanged', data: { productKey: product.key, revision: 1, moved: [], removed: sessionsOf(product), added: sorted, sessions: sorted } }]);
  });
});

describe('a product\'s capacity', () => {
  it('is a whole number of at least one seat', () => {
    products.given([published]).when(revise({ capacity: 0 })).thenThrows('product-capacity-invalid', { field: 'capacity' });
    products.given([published]).when(revise({ capacity: 2.5 })).thenThrows('product-capacity-invalid', { field: 'capacity' });
    products.given([published]).when(revise({ capacity: 1 })).then([{ type: 'ProductRevised', data: { key: product.key, changes: { capacity: 1 } } }]);
  });
  it('may be no limit (null)', () =>
    products.given([published]).when(revise({ capacity: null })).then([{ type: 'ProductRevised', data: { key: product.key, changes: { capacity: null } } }]));
  it('is not set below the seats sold; equal to them is fine', () => {
    products.given([published]).when(revise({ capacity: 9 }, 10)).thenThrows('product-capacity-below-sold', { field: 'capacity', sold: 10 });
    products.given([published]).when(revise({ capacity: 10 }, 10)).then([{ type: 'ProductRevised', data: { key: product.key, changes: { capacity: 10 } } }]);
  });
});

describe('session ids', () => {
  const current = [session('day-1', 23, '09:00', '17:30')];
  let n = 0;
  const fresh = () => `fresh-${(n += 1)}`;
  it('are kept for sessions the product has, given for new ones, replaced when invented or repeated', () => {
    const ids = withIds([{ id: 'day-1', start: at(23, '10:00'), end: at(23, '17:30') }, { start: at(24, '09:00'), end: at(24, '17:30') },
      { id: 'made-up', start: at(25, '09:00'), end: at(25, '17:30') }, { id: 'day-1', start: at(26, '09:00'), end: at(26, '17:30') }], current, fresh).map((s) => s.id);
    expect(ids[0]).toBe('day-1');
    expect(ids.slice(1).every((id) => /^s-fresh\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(4);
  });
  it('a new edition moves every session by the same Warsaw days, keeping its hours across the change to winter time', () => {
    const moved = shiftedSessions([session('a', 23, '09:00', '17:30'), session('b', 25, '10:00', '12:00')], '2026-10-24T07:00:00.000Z', fresh);
    // 24 October 09:00 (UTC+2), then 26 October 10:00–12:00 after the clocks go back (UTC+1).
    expect(moved.map((s) => [s.start, s.end])).toEqual([
      ['2026-10-24T07:00:00.000Z', '2026-10-24T15:30:00.000Z'], ['2026-10-26T09:00:00.000Z', '2026-10-26T11:00:00.000Z']]);
  });
});

describe('the facts of a training of six sessions', () => {
  const training = seeds.find((s) => s.product.days === 6)!.product;
  it('is the seed\'s training, 14 seats, six sessions of 09:00–17:30 on consecutive days', () => {
    expect(training.capacity).toBe(14);
    expect(shownSessions(training.sessions!, 'pl').map((s) => `${s.from}–${s.to}`)).toEqual(Array(6).fill('09:00–17:30'));
  });
  // Six irregular sessions: 23, 24, 25 September, then 1, 2 October, the last a short morning.
  const irregular: Product = { ...training, sessions: [
    session('a', 23, '09:00', '17:30'), session('b', 24, '09:00', '17:30'), session('c', 25, '09:00', '17:30'),
    { id: 'd', start: '2026-10-01T07:00:00.000Z', end: '2026-10-01T15:30:00.000Z' }, { id: 'e', start: '2026-10-02T07:00:00.000Z', end: '2026-10-02T15:30:00.000Z' },
    { id: 'f', start: '2026-10-03T07:00:00.000Z', end: '2026-10-03T11:00:00.000Z' }], startsAt: at(23, '09:00'), days: 6, dailyEnd: '17:30', breakTime: null };
  it('spans from the first session\'s day to the last one\'s, in both languages', () => {
    expect(dayLine(irregular, 'pl')).toMatch(/^23 września\s–\s3 października 2026 · /);
    expect(dayLine(irregular, 'en')).toMatch(/^23 September\s–\s3 October 2026 · /);
    expect(durationLine(irregular, 'en')).toBe('6 days, 50 hours');
  });
  it('says each session\'s hours when they differ, and the first session\'s length', () => {
    expect(detailLines(irregular, 'en').find((d) => d.label === 'Schedule')!.value)
      .toBe('23.09 09:00–17:30; 24.09 09:00–17:30; 25.09 09:00–17:30; 01.10 09:00–17:30; 02.10 09:00–17:30; 03.10 09:00–13:00');
    expect(firstSessionMinutes(irregular)).toBe(510);
    expect(whenLine({ ...irregular, sessions: irregular.sessions!.slice(0, 3) }, 'pl')).toBe(`23–25 września 2026, 09:00–17:30 · ${training.place.pl}`);
  });
  it('lists each session with its weekday and date, in both languages', () => {
    expect(shownSessions(irregular.sessions!, 'pl')[5]).toEqual({ id: 'f', weekday: 'sobota', date: '3 października 2026', from: '09:00', to: '13:00' });
    expect(shownSessions(irregular.sessions!, 'en')[0]).toEqual({ id: 'a', weekday: 'Wednesday', date: '23 September 2026', from: '09:00', to: '17:30' });
  });
});
