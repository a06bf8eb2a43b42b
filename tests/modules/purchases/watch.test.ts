import { describe, expect, it } from 'vitest';
import { isEventOver } from '../../../modules/catalogue/index.ts';
import { watchAccess, watchView } from '../../../modules/purchases/watch.ts';

const liveAt = new Date('2026-03-01T17:00:00Z');
const accessUntil = new Date('2026-05-30T17:00:00Z');
const active = { kind: 'active' as const, accessUntil };
const before = new Date('2026-02-20T12:00:00Z');
const dayAfter = new Date('2026-03-02T17:00:00Z');
const joinOpensAt = new Date('2026-03-01T16:30:00Z');
const view = (input: Omit<Parameters<typeof watchView>[0], 'liveAt' | 'joinOpensAt'>) => watchView({ ...input, liveAt, joinOpensAt }, isEventOver);

describe('the watch page', () => {
  it('denies access to anyone who does not own the product, before and after the event', () => {
    for (const now of [before, dayAfter]) {
      expect(view({ access: { kind: 'none' }, hasRecording: true, hasLiveLink: true, now })).toEqual({ kind: 'access-denied' });
    }
  });
  it('tells an owner whose window has closed that access has expired', () => {
    const expired = { kind: 'expired' as const, accessUntil };
    expect(view({ access: expired, hasRecording: true, hasLiveLink: true, now: new Date('2026-06-01T00:00:00Z') }))
      .toEqual({ kind: 'access-expired', accessUntil });
  });
  it('counts down for an owner before the event, with Join only from the moment the product sets and when a live link exists', () => {
    expect(view({ access: active, hasRecording: false, hasLiveLink: true, now: before })).toEqual({ kind: 'pre-event', canJoin: false });
    expect(view({ access: active, hasRecording: false, hasLiveLink: true, now: new Date('2026-03-01T16:29:59.999Z') })).toEqual({ kind: 'pre-event', canJoin: false });
    expect(view({ access: active, hasRecording: false, hasLiveLink: true, now: joinOpensAt })).toEqual({ kind: 'pre-event', canJoin: true });
    expect(view({ access: active, hasRecording: false, hasLiveLink: false, now: joinOpensAt })).toEqual({ kind: 'pre-event', canJoin: false });
  });
  it('keeps the live view until just before 24 hours after the start', () => {
    expect(view({ access: active, hasRecording: true, hasLiveLink: true, now: new Date('2026-03-02T16:59:59.999Z') }).kind).toBe('pre-event');
  });
  it('plays the recording 24 hours after the start, or says the event is over when there is none', () => {
    expect(view({ access: active, hasRecording: true, hasLiveLink: true, now: dayAfter })).toEqual({ kind: 'playback' });
    expect(view({ access: active, hasRecording: false, hasLiveLink: true, now: dayAfter })).toEqual({ kind: 'event-over' });
  });
});

describe("a buyer's access to a product", () => {
  const paid = { paidAt: new Date('2026-02-01T10:00:00Z'), accessUntil };
  it('is active on the last day of the window', () =>
    expect(watchAccess([paid], new Date('2026-05-30T16:59:59.999Z'))).toEqual({ kind: 'active', accessUntil }));
  it('has expired at the end of the window and the day after', () => {
    expect(watchAccess([paid], accessUntil)).toEqual({ kind: 'expired', accessUntil });
    expect(watchAccess([paid], new Date('2026-05-31T17:00:00Z'))).toEqual({ kind: 'expired', accessUntil });
  });
  it('is none without a paid purchase, or before the payment', () => {
    expect(watchAccess([], before)).toEqual({ kind: 'none' });
    expect(watchAccess([paid], new Date('2026-02-01T09:59:59Z'))).toEqual({ kind: 'none' });
  });
});
