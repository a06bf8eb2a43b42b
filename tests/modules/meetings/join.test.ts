import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMeetings, joinDecision, joinLinks, type MeetingProduct, type MeetingPurchase } from '../../../modules/meetings/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const MIN = 60_000;
const start1 = new Date('2026-09-23T07:00:00Z');
const start2 = new Date('2026-09-24T07:00:00Z');
const product: MeetingProduct = {
  key: 'training', title: { pl: 'Trening', en: 'Training' }, liveAt: start1, durationMinutes: 480,
  sessions: [{ id: 's1', start: start1, end: new Date(start1.getTime() + 480 * MIN) }, { id: 's2', start: start2, end: new Date(start2.getTime() + 480 * MIN) }],
  joinOpensAt: new Date(start1.getTime() - 30 * MIN), liveLink: 'https://meet.example/training',
};
const active: MeetingPurchase = { purchaseId: 'p1', userId: 'u1', productKey: 'training', standing: 'active' };
const decide = (over: Partial<Parameters<typeof joinDecision>[0]> = {}) =>
  joinDecision({ viewerId: 'u1', confirmed: false, purchase: active, product, now: new Date(start1.getTime() + MIN), ...over });

describe('a click on a personal join link', () => {
  it('given the buyer inside a session\'s window, signed in or having pressed Join, then it leads to the meeting and names the session', () => {
    expect(decide()).toEqual({ kind: 'join', url: product.liveLink, sessionId: 's1' });
    expect(decide({ viewerId: null, confirmed: true })).toEqual({ kind: 'join', url: product.liveLink, sessionId: 's1' });
    expect(decide({ now: new Date(start2.getTime() - 30 * MIN) })).toEqual({ kind: 'join', url: product.liveLink, sessionId: 's2' });
  });
  it('given a click without the buyer\'s sign-in inside the window (the buyer, or a mail scanner fetching the link), then it asks to press Join first', () => {
    expect(decide({ viewerId: null })).toEqual({ kind: 'confirm', start: start1, meetingOrigin: 'https://meet.example' });
    // Outside the window and for a refusal there is nothing to confirm: those answers stay as they are.
    expect(decide({ viewerId: null, now: new Date(start1.getTime() - 31 * MIN) }).kind).toBe('not-open');
    expect(decide({ viewerId: null, purchase: { ...active, standing: 'ended' } }).kind).toBe('ended');
  });
  it('given no such purchase, or one never paid, then the link is refused as not ours (404)', () => {
    expect(decide({ purchase: null }).kind).toBe('forged');
    expect(decide({ purchase: { ...active, standing: 'none' } }).kind).toBe('forged');
  });
  it('given someone else signed in, then it is refused (403) before anything about the purchase is told', () => {
    expect(decide({ viewerId: 'u2' }).kind).toBe('not-yours');
    expect(decide({ viewerId: 'u2', purchase: { ...active, standing: 'ended' } }).kind).toBe('not-yours');
  });
  it('given a refunded or withdrawn purchase, then it is gone (410)', () => {
    expect(decide({ purchase: { ...active, standing: 'ended' } }).kind).toBe('ended');
  });
  it('given a click before the window or between sessions, then it says when joining opens; after the last session, over', () => {
    expect(decide({ now: new Date(start1.getTime() - 31 * MIN) })).toEqual({ kind: 'not-open', opensAt: new Date(start1.getTime() - 30 * MIN), start: start1 });
    expect(decide({ now: new Date(start1.getTime() + 9 * 60 * MIN) })).toEqual({ kind: 'not-open', opensAt: new Date(start2.getTime() - 30 * MIN), start: start2 });
    expect(decide({ now: new Date(start2.getTime() + 480 * MIN) }).kind).toBe('over');
  });
  it('given a product without a live meeting, then there is nothing to join', () => {
    expect(decide({ product: { ...product, liveLink: null } }).kind).toBe('no-meeting');
  });
});

describe.each(backends)('the join link on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());
  const secret = 'j'.repeat(40);
  const purchases = new Map<string, MeetingPurchase>([['p1', active], ['p2', { ...active, purchaseId: 'p2', standing: 'ended' }]]);

  function setup(now: Date) {
    const clock = fixedClock(now);
    const store = createEventStore(handle.db);
    const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: secret };
    const meetings = createMeetings({ config, log: pino({ level: 'silent' }), db: handle.db, store, clock }, {
      purchase: async (id) => purchases.get(id) ?? null, product: async (key) => (key === product.key ? product : null),
      buyer: async () => null, send: async () => { throw new Error('no mail here'); }, origin: () => 'https://gestalt.test',
    });
    return { meetings, store, clock };
  }
  const tokenOf = (link: string) => decodeURIComponent(link.split('/dolacz/')[1]!);

  it('records the click that joins (JoinLinkClicked: purchase, user, session, time) and nothing for a refusal', async () => {
    const { meetings, store, clock } = setup(new Date(start1.getTime() + 5 * MIN));
    const link = meetings.joinLink('p1');
    expect(link).toMatch(/^https:\/\/gestalt\.test\/dolacz\/p1\.[A-Za-z0-9_-]+$/);
    expect(link).not.toContain('meet.example');
    expect(await meetings.join(tokenOf(link), 'u1')).toEqual({ kind: 'join', url: product.liveLink, sessionId: 's1' });
    expect(await meetings.join(tokenOf(link), 'u2')).toEqual({ kind: 'not-yours' });
    expect(await meetings.join(tokenOf(meetings.joinLink('p2')), null)).toEqual({ kind: 'ended' });
    clock.set(new Date(start2.getTime() - 60 * MIN));
    expect((await meetings.join(tokenOf(link), null)).kind).toBe('not-open');
    clock.set(new Date(start2.getTime() + 60 * MIN));
    // A scanner's fetch of the mailed link records nothing; the buyer's press of Join does.
    expect((await meetings.join(tokenOf(link), null)).kind).toBe('confirm');
    expect((await meetings.join(tokenOf(link), null, true)).kind).toBe('join');
    const events = await store.readStream('meeting-attendance:p1');
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['JoinLinkClicked', { purchaseId: 'p1', userId: 'u1', sessionId: 's1', at: new Date(start1.getTime() + 5 * MIN).toISOString() }],
      ['JoinLinkClicked', { purchaseId: 'p1', userId: 'u1', sessionId: 's2', at: new Date(start2.getTime() + 60 * MIN).toISOString() }],
    ]);
    expect(events[0]!.metadata).toMatchObject({ concerns: ['u1'] });
    expect(await store.readStream('meeting-attendance:p2')).toEqual([]);
  });

  it('refuses a forged, altered or foreign token as not ours', async () => {
    const { meetings } = setup(new Date(start1.getTime() + 5 * MIN));
    const token = tokenOf(meetings.joinLink('p1'));
    const other = joinLinks('another secret entirely', () => 'https://gestalt.test');
    for (const forged of ['p1', 'p1.', `p2.${token.split('.')[1]}`, `${token}x`, tokenOf(other.joinLink('p1')), '', '..']) {
      expect(await meetings.join(forged, 'u1')).toEqual({ kind: 'forged' });
    }
  });
});
