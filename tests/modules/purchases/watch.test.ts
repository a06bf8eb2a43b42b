import { describe, expect, it } from 'vitest';
import { watchView } from '../../../modules/purchases/index.ts';

const liveAt = new Date('2026-03-01T17:00:00Z');
const active = { kind: 'active' as const, accessUntil: new Date('2026-05-30T17:00:00Z') };
const before = new Date('2026-02-20T12:00:00Z');
const dayAfter = new Date('2026-03-02T17:00:00Z');

describe('the watch page', () => {
  it('denies access to anyone who does not own the product, before and after the event', () => {
    for (const now of [before, dayAfter]) {
      expect(watchView({ access: { kind: 'none' }, liveAt, hasRecording: true, hasLiveLink: true, now })).toEqual({ kind: 'access-denied' });
    }
  });
  it('tells an owner whose window has closed that access has expired', () => {
    const expired = { kind: 'expired' as const, accessUntil: new Date('2026-05-30T17:00:00Z') };
    expect(watchView({ access: expired, liveAt, hasRecording: true, hasLiveLink: true, now: new Date('2026-06-01T00:00:00Z') }))
      .toEqual({ kind: 'access-expired', accessUntil: expired.accessUntil });
  });
  it('counts down for an owner before the event, with Join only when a live link exists', () => {
    expect(watchView({ access: active, liveAt, hasRecording: false, hasLiveLink: true, now: before })).toEqual({ kind: 'pre-event', canJoin: true });
    expect(watchView({ access: active, liveAt, hasRecording: false, hasLiveLink: false, now: before })).toEqual({ kind: 'pre-event', canJoin: false });
  });
  it('keeps the live view during the first 24 hours after the start', () => {
    expect(watchView({ access: active, liveAt, hasRecording: true, hasLiveLink: true, now: new Date('2026-03-02T16:59:59Z') }).kind).toBe('pre-event');
  });
  it('plays the recording 24 hours after the start, or says the event is over when there is none', () => {
    expect(watchView({ access: active, liveAt, hasRecording: true, hasLiveLink: true, now: dayAfter })).toEqual({ kind: 'playback' });
    expect(watchView({ access: active, liveAt, hasRecording: false, hasLiveLink: true, now: dayAfter })).toEqual({ kind: 'event-over' });
  });
});
