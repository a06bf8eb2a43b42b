import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../../modules/mailing/index.ts';
import { createMeetings, MEETING_TOPICS, reminderMessageId, reminderScheduleMessage, type MeetingProduct, type MeetingPurchase } from '../../../modules/meetings/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { addToOutbox, createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const MIN = 60_000;
const log = pino({ level: 'silent' });
/** A seeded generator: a failing run can be repeated exactly. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Received = { messageId: string; mail: Mail };

/**
 * Reminders as the server delivers them, on the real clock (the outbox's not-before times are the database's):
 * sessions start minutes from now, so their hour-before reminders are due at once and the day-before ones are past.
 */
describe.each(backends)('reminders on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const now = Date.now();
  const product: MeetingProduct = {
    key: 'workshop', title: { pl: 'Warsztat', en: 'Workshop' }, liveAt: new Date(now + 40 * MIN), durationMinutes: 120,
    sessions: [
      { id: 's1', start: new Date(now + 40 * MIN), end: new Date(now + 160 * MIN) },
      { id: 's2', start: new Date(now + 50 * MIN), end: new Date(now + 170 * MIN) },
      // Two days ahead: its reminders are planned for later and must not go now.
      { id: 's3', start: new Date(now + 2 * 1440 * MIN), end: new Date(now + 2 * 1440 * MIN + 120 * MIN) },
    ],
    joinOpensAt: new Date(now + 10 * MIN), liveLink: 'https://meet.example/secret-room',
  };

  function instance(purchases: Map<string, MeetingPurchase>, send: (mail: Mail, messageId: string) => Promise<void>) {
    const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'r'.repeat(40) };
    return createMeetings({ config, log, db: handle.db, store: createEventStore(handle.db) }, {
      purchase: async (id) => purchases.get(id) ?? null,
      product: async (key) => (key === product.key ? product : null),
      buyer: async (userId) => ({ email: `${userId}@example.com`, name: `Osoba ${userId}`, language: userId.endsWith('en') ? 'en' : 'pl' }),
      send, origin: () => 'https://gestalt.test',
    });
  }
  const buyers = (n: number) => new Map(Array.from({ length: n }, (_, i): [string, MeetingPurchase] =>
    [`p${i}`, { purchaseId: `p${i}`, userId: i % 2 ? `u${i}-en` : `u${i}`, productKey: product.key, standing: 'active' }]));
  const paid = (purchases: Map<string, MeetingPurchase>) => addToOutbox(handle.db, [...purchases.keys()].map(reminderScheduleMessage));
  const ledger = () => handle.db.selectFrom('meeting_reminders' as never).selectAll().execute() as Promise<{ purchase_id: string; session_id: string; kind: string; outcome: string; message_id: string | null }[]>;
  const expectedIds = (purchases: Map<string, MeetingPurchase>) =>
    [...purchases.keys()].flatMap((purchaseId) => ['s1', 's2'].map((sessionId) => reminderMessageId({ purchaseId, sessionId, offset: 60 }, 'gestalt.test'))).sort();

  it('plans each paid purchase\'s reminders as timed rows, sends those due once with the join link in the buyer\'s language, and the later ones wait', async () => {
    const purchases = buyers(2);
    const inbox: Received[] = [];
    const meetings = instance(purchases, async (mail, messageId) => { inbox.push({ mail, messageId }); });
    await paid(purchases);
    await paid(purchases);
    const worker = createOutboxWorker(handle.db, { handlers: meetings.outboxHandlers });
    await worker.drainOnce();
    await worker.drainOnce();
    expect(inbox.map((r) => r.messageId).sort()).toEqual(expectedIds(purchases));
    const pl = inbox.find((r) => r.mail.to === 'u0@example.com')!.mail;
    const en = inbox.find((r) => r.mail.to === 'u1-en@example.com')!.mail;
    expect(pl.subject).toMatch(/^Przypomnienie: „Warsztat” za (39|40|49|50) minut$/);
    expect(en.subject).toMatch(/^Reminder: “Workshop” in (39|40|49|50) minutes$/);
    for (const { mail } of inbox) {
      expect(mail.text).toMatch(/https:\/\/gestalt\.test\/dolacz\/p\d\.[A-Za-z0-9_-]+/);
      expect(`${mail.text}${mail.html}${mail.subject}`).not.toContain('meet.example');
    }
    expect(pl.text).toContain('Link działa od 30 minut przed początkiem spotkania do jego końca.');
    // The session two days ahead: its day-before and hour-before reminders are queued for their moments.
    const waiting = await handle.db.selectFrom('outbox').select(['dedupe_key', 'not_before', 'status']).where('topic', '=', MEETING_TOPICS.remind).where('status', '=', 'pending').orderBy('dedupe_key').execute();
    expect(waiting.map((w) => w.dedupe_key)).toEqual(['reminder:p0:s3:1440', 'reminder:p0:s3:60', 'reminder:p1:s3:1440', 'reminder:p1:s3:60']);
    expect(waiting.every((w) => w.not_before !== null && new Date(w.not_before).getTime() > Date.now() + 23 * 60 * MIN)).toBe(true);
    expect((await ledger()).map((l) => l.outcome)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('sends nothing to a buyer refunded or withdrawn after the reminders were planned, and records why', async () => {
    const purchases = buyers(2);
    const inbox: Received[] = [];
    const meetings = instance(purchases, async (mail, messageId) => { inbox.push({ mail, messageId }); });
    await paid(purchases);
    const worker = createOutboxWorker(handle.db, { handlers: meetings.outboxHandlers, topics: [MEETING_TOPICS.schedule] });
    await worker.drainOnce();
    purchases.set('p1', { ...purchases.get('p1')!, standing: 'ended' });
    await createOutboxWorker(handle.db, { handlers: meetings.outboxHandlers }).drainOnce();
    expect(new Set(inbox.map((r) => r.mail.to))).toEqual(new Set(['u0@example.com']));
    expect((await ledger()).filter((l) => l.purchase_id === 'p1').map((l) => l.outcome)).toEqual(['skipped-ended', 'skipped-ended']);
  });

  it('crash-and-count: a sender failing or dying before, during and after the relay\'s acceptance, workers restarted again and again, delivers each reminder as one message', async () => {
    const purchases = buyers(8);
    const inbox: Received[] = [];
    const roll = random(24);
    const happened = { refused: 0, droppedAfterAccept: 0, diedBeforeCommit: 0, ok: 0 };
    let died: (() => void) | null = null;
    const relay = async (mail: Mail, messageId: string) => {
      const r = roll();
      if (r < 0.25) { happened.refused += 1; throw new Error('relay refused'); }
      inbox.push({ mail, messageId });
      if (r < 0.5) { happened.droppedAfterAccept += 1; throw new Error('connection lost after the relay accepted'); }
      if (r < 0.7) {
        // The process dies between the relay's acceptance and our commit: nothing after this runs, its claim lapses.
        happened.diedBeforeCommit += 1;
        died?.();
        return new Promise<void>(() => {});
      }
      happened.ok += 1;
    };
    const meetings = instance(purchases, relay);
    await paid(purchases);
    const leaseMs = 150;
    for (let round = 0; round < 300; round += 1) {
      const worker = createOutboxWorker(handle.db, { handlers: meetings.outboxHandlers, leaseMs, backoffMs: () => 0, batchSize: 3 });
      const crashed = new Promise<'crashed'>((resolve) => { died = () => resolve('crashed'); });
      const outcome = await Promise.race([worker.drainOnce().then(() => 'drained' as const), crashed]);
      // A dead worker is abandoned where it stands; the next one starts once its claims have lapsed.
      if (outcome === 'crashed') await new Promise((r) => setTimeout(r, leaseMs + 50));
      else if ((await ledger()).length === 16) break;
    }
    const ids = expectedIds(purchases);
    const byId = Map.groupBy(inbox, (r) => r.messageId);
    expect([...byId.keys()].sort()).toEqual(ids);
    // Every copy a crash made the relay take twice is the same message: same Message-ID, recipient and subject.
    for (const copies of byId.values()) expect(new Set(copies.map((c) => `${c.mail.to}|${c.mail.subject}`)).size).toBe(1);
    const settled = await ledger();
    expect(settled.map((l) => `${l.purchase_id}:${l.session_id}:${l.kind}:${l.outcome}`).sort())
      .toEqual([...purchases.keys()].flatMap((p) => [`${p}:s1:60:sent`, `${p}:s2:60:sent`]).sort());
    expect(settled.map((l) => l.message_id).sort()).toEqual(ids);
    expect(happened.refused > 0 && happened.droppedAfterAccept > 0 && happened.diedBeforeCommit > 0 && happened.ok > 0).toBe(true);
  });

  it('two instances delivering at once send each reminder once', async () => {
    const purchases = buyers(30);
    const inbox: Received[] = [];
    const send = async (mail: Mail, messageId: string) => { await new Promise((r) => setTimeout(r, 1)); inbox.push({ mail, messageId }); };
    const a = instance(purchases, send);
    const b = instance(purchases, send);
    await paid(purchases);
    const wa = createOutboxWorker(handle.db, { handlers: a.outboxHandlers, batchSize: 4, concurrency: 2 });
    const wb = createOutboxWorker(handle.db, { handlers: b.outboxHandlers, batchSize: 4, concurrency: 2 });
    await Promise.all([wa.drainOnce(), wb.drainOnce(), wa.drainOnce()]);
    await Promise.all([wa.drainOnce(), wb.drainOnce()]);
    expect(inbox.map((r) => r.messageId).sort()).toEqual(expectedIds(purchases));
    expect((await ledger()).length).toBe(60);
  });
});
