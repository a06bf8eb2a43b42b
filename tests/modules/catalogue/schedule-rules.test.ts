import { describe, expect, it } from 'vitest';
import { productDecider } from '../../../modules/catalogue/product-decider.ts';
import type { Product, ProductEvent } from '../../../modules/catalogue/product.ts';
import { checkStartIsFirstSession, reminderOffsetsOf } from '../../../modules/catalogue/schedule.ts';
import { scheduleChangedMessage, scheduleDiff } from '../../../modules/catalogue/schedule-change.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import type { Session } from '../../../modules/catalogue/sessions.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const { product: seeded, secrets } = demoProducts(new Date('2026-09-01T10:00:00Z'))[0]!;
/** A 09:00–17:30 (Warsaw, UTC+2) session on a September 2026 day. */
const at = (day: number, clock: string) => new Date(`2026-09-${String(day).padStart(2, '0')}T${clock}:00+02:00`).toISOString();
const session = (id: string, day: number, from = '09:00', to = '17:30'): Session => ({ id, start: at(day, from), end: at(day, to) });
const sessions = [session('s1', 23), session('s2', 24), session('s3', 25)];
const product: Product = { ...seeded, sessions, startsAt: sessions[0]!.start, days: 3, dailyEnd: '17:30' };
const published: ProductEvent = { type: 'ProductPublished', data: { product, secrets } };
const products = deciderSpec(productDecider);
const revise = (changes: Partial<Product>) => ({ type: 'ReviseProduct' as const, key: product.key, changes });
const revised = (changes: Partial<Product>): ProductEvent => ({ type: 'ProductRevised', data: { key: product.key, changes } });

describe('a product\'s reminder offsets (minutes before each session)', () => {
  it('are a day and an hour when the product sets none; sending those again is no change', () => {
    expect(reminderOffsetsOf(product)).toEqual([1440, 60]);
    products.given([published]).when(revise({ reminderOffsets: [60, 1440] })).thenNothing();
  });
  it('are kept earliest first', () =>
    products.given([published]).when(revise({ reminderOffsets: [15, 2880, 120] })).then([revised({ reminderOffsets: [2880, 120, 15] })]));
  it('may be one minute, and as much as 30 days', () => {
    products.given([published]).when(revise({ reminderOffsets: [1] })).then([revised({ reminderOffsets: [1] })]);
    products.given([published]).when(revise({ reminderOffsets: [43_200] })).then([revised({ reminderOffsets: [43_200] })]);
  });
  it.each([
    ['zero', [1440, 0], 'reminderOffsets.1'],
    ['negative', [-60], 'reminderOffsets.0'],
    ['a part of a minute', [60, 1.5], 'reminderOffsets.1'],
    ['beyond 30 days', [43_201], 'reminderOffsets.0'],
  ])('refuse %s, naming the row', (_, offsets, field) =>
    products.given([published]).when(revise({ reminderOffsets: offsets })).thenThrows('product-reminder-invalid', { field }));
  it('refuse the same offset twice, naming the repeat', () =>
    products.given([published]).when(revise({ reminderOffsets: [60, 1440, 60] })).thenThrows('product-reminder-duplicate', { field: 'reminderOffsets.2' }));
  it('are one to ten: ten are fine, none and eleven refused', () => {
    const ten = Array.from({ length: 10 }, (_, i) => (i + 1) * 10);
    products.given([published]).when(revise({ reminderOffsets: ten })).then([revised({ reminderOffsets: [...ten].reverse() })]);
    products.given([published]).when(revise({ reminderOffsets: [...ten, 200] })).thenThrows('product-reminders-count', { field: 'reminderOffsets' });
    products.given([published]).when(revise({ reminderOffsets: [] })).thenThrows('product-reminders-count', { field: 'reminderOffsets' });
  });
  it('are checked when a product is added too', () =>
    products.given([]).when({ type: 'PublishProduct', product: { ...product, reminderOffsets: [0] }, secrets }).thenThrows('product-reminder-invalid'));
});

describe('a schedule change', () => {
  const moved = [sessions[0]!, session('s2', 24, '10:00', '18:00'), sessions[2]!];
  const change = (revision: number, diff: Omit<Extract<ProductEvent, { type: 'ProductScheduleChanged' }>['data'], 'productKey' | 'revision' | 'sessions'>, after: Session[]): ProductEvent =>
    ({ type: 'ProductScheduleChanged', data: { productKey: product.key, revision, ...diff, sessions: after } });

  it('is recorded beside the revision when a session\'s time changes: its old and new times, revision 1', () =>
    products.given([published]).when(revise({ sessions: moved })).then([
      revised({ sessions: moved }),
      change(1, { moved: [{ id: 's2', from: { start: sessions[1]!.start, end: sessions[1]!.end }, to: { start: moved[1]!.start, end: moved[1]!.end } }], removed: [], added: [] }, moved),
    ]));
  it('counts on: the next change is revision 2', () => {
    const again = [sessions[0]!, session('s2', 24, '11:00', '18:00'), sessions[2]!];
    const events = products.given([published, revised({ sessions: moved }), change(1, { moved: [], removed: [], added: [] }, moved)]).when(revise({ sessions: again }));
    expect(events.state()).toMatchObject({ scheduleRevision: 2 });
  });
  it('names a removed session and a new one by id', () => {
    const after = [sessions[0]!, sessions[2]!, session('s-new', 26)];
    products.given([published]).when(revise({ sessions: after })).then([
      revised({ sessions: after }),
      change(1, { moved: [], removed: [sessions[1]!], added: [session('s-new', 26)] }, after),
    ]);
  });
  it('is nothing when only other fields change, or the sessions are sent as they are', () => {
    products.given([published]).when(revise({ title: 'Nowy tytuł', sessions })).then([revised({ title: 'Nowy tytuł' })]);
    products.given([published]).when(revise({ sessions: [...sessions].reverse() })).thenNothing();
  });
  it('is nothing when a product recorded before sessions is given the ones its start stood for (the start-up migration)', () => {
    const { sessions: _none, ...legacy } = product;
    const derived = [1, 2, 3].map((d) => session(`day-${d}`, 22 + d));
    products.given([{ type: 'ProductPublished', data: { product: legacy, secrets } }]).when(revise({ sessions: derived })).then([revised({ sessions: derived })]);
  });
  it('compares instants, not their spelling', () => {
    expect(scheduleDiff(sessions, sessions.map((s) => ({ ...s, start: s.start.replace('.000Z', 'Z') })))).toBeNull();
  });
  it('is announced by one outbox row per (product, revision)', () => {
    const data = { productKey: product.key, revision: 3, moved: [], removed: [], added: [], sessions };
    expect(scheduleChangedMessage(data)).toEqual({ topic: 'catalogue-schedule-changed', dedupeKey: `schedule-changed:${product.key}:3`, payload: data });
  });
});

describe('how long a waiting list\'s offer holds its seat (hours)', () => {
  it('may be one hour, and as much as 14 days', () => {
    products.given([published]).when(revise({ offerHours: 1 })).then([revised({ offerHours: 1 })]);
    products.given([published]).when(revise({ offerHours: 336 })).then([revised({ offerHours: 336 })]);
  });
  it.each([['zero', 0], ['negative', -24], ['a part of an hour', 1.5], ['beyond 14 days', 337]])('refuses %s, naming the field', (_, offerHours) =>
    products.given([published]).when(revise({ offerHours })).thenThrows('product-offer-hours-invalid', { field: 'offerHours' }));
});

describe('a start sent beside the sessions (issue 34: it was silently ignored)', () => {
  const refusal = (startsAt: string | undefined, given: readonly Session[]) => {
    try { checkStartIsFirstSession(startsAt, given); return null; } catch (e) { return { code: (e as { code: string }).code, data: (e as { data: unknown }).data }; }
  };
  it('is accepted when it is the first session\'s start, written in any offset, whatever order the sessions are listed in', () => {
    expect(refusal(sessions[0]!.start, sessions)).toBeNull();
    expect(refusal('2026-09-23T09:00:00+02:00', [...sessions].reverse())).toBeNull();
    expect(refusal(undefined, sessions)).toBeNull();
  });
  it('is refused beside the start when it differs from the first session\'s, by a minute or by a later session\'s start', () => {
    expect(refusal(at(23, '09:01'), sessions)).toEqual({ code: 'product-start-not-first-session', data: { field: 'startsAt' } });
    expect(refusal(sessions[1]!.start, sessions)).toEqual({ code: 'product-start-not-first-session', data: { field: 'startsAt' } });
  });
});
