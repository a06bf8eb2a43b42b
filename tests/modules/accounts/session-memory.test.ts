import { describe, expect, it } from 'vitest';
import { createSessionMemory } from '../../../modules/accounts/session-memory.ts';
import type { SessionUser } from '../../../modules/accounts/index.ts';
import type { RecordedEvent } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';

const anna: SessionUser = { id: 'u-anna', name: 'Anna', email: 'anna@example.com', phone: '', role: 'user' };
const ben: SessionUser = { id: 'u-ben', name: 'Ben', email: 'ben@example.com', phone: '', role: 'user' };
/** An event as the log holds it once the kernel appended it: the users it concerns are in its metadata. */
const event = (streamId: string, type: string, concerns: string[]): RecordedEvent =>
  ({ position: 1, streamId, streamVersion: 1, type, data: {}, metadata: { concerns }, recordedAt: new Date() });

/** A session memory on a moving clock, with the log's freshness in the test's hands. */
function given() {
  const clock = fixedClock('2026-11-25T10:00:00Z');
  let current = true;
  const memory = createSessionMemory({ isCurrent: () => current }, clock);
  const exp = clock().getTime() / 1000 + 3600;
  const remember = (token: string, user: SessionUser | null, userId = user?.id ?? 'u-dead') =>
    memory.remember(token, memory.generation(), { userId, user, exp });
  return { clock, memory, remember, exp, setCurrent: (value: boolean) => { current = value; } };
}

describe('remembered sessions (what a signed-in request needs without a query)', () => {
  it('given a remembered session, when the log is current, then it is recalled; when a notification is unread, then the database must be asked', () => {
    const { memory, remember, setCurrent } = given();
    remember('t-anna', anna);
    expect(memory.recall('t-anna')).toEqual(anna);
    setCurrent(false);
    expect(memory.recall('t-anna')).toBeUndefined();
    setCurrent(true);
    expect(memory.recall('t-anna')).toEqual(anna);
    expect(memory.recall('t-unknown')).toBeUndefined();
  });

  it('given remembered sessions of two users, when an event concerning one arrives, then only that user\'s tokens are forgotten', () => {
    const { memory, remember } = given();
    remember('t-anna-phone', anna);
    remember('t-anna-laptop', anna);
    remember('t-ben', ben);
    memory.forget([event('user-u-anna', 'SessionEnded', ['u-anna'])]);
    expect(memory.recall('t-anna-phone')).toBeUndefined();
    expect(memory.recall('t-anna-laptop')).toBeUndefined();
    expect(memory.recall('t-ben')).toEqual(ben);
    memory.forget([event('purchase-p1', 'PlaybackStarted', ['u-ben'])]);
    expect(memory.recall('t-ben')).toBeUndefined();
  });

  it('given an answer read from the database while an event was applied, when it is remembered, then it is not kept', () => {
    const { memory, exp } = given();
    const before = memory.generation();
    memory.forget([event('user-u-anna', 'SignedOutEverywhere', ['u-anna'])]);
    memory.remember('t-anna', before, { userId: anna.id, user: anna, exp });
    expect(memory.recall('t-anna')).toBeUndefined();
  });

  it('given an answer read while the log was not current, then it is not kept', () => {
    const { memory, remember, setCurrent } = given();
    setCurrent(false);
    remember('t-anna', anna);
    setCurrent(true);
    expect(memory.recall('t-anna')).toBeUndefined();
  });

  it('given a remembered session, when a second passes, then the database is asked again (a lost notification costs at most that)', () => {
    const { memory, remember, clock } = given();
    remember('t-anna', anna);
    clock.advance(1000);
    expect(memory.recall('t-anna')).toEqual(anna);
    clock.advance(1);
    expect(memory.recall('t-anna')).toBeUndefined();
  });

  it('given a remembered dead session, then it is recalled as dead (null), and a live one past its expiry as dead too', () => {
    const { memory, remember, clock, exp } = given();
    remember('t-revoked', null, 'u-anna');
    expect(memory.recall('t-revoked')).toBeNull();
    memory.remember('t-short', memory.generation(), { userId: ben.id, user: ben, exp: clock().getTime() / 1000 + 0.5 });
    clock.advance(600);
    expect(memory.recall('t-short')).toBeNull();
    expect(exp).toBeGreaterThan(0);
  });
});
