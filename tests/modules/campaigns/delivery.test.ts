import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_MAIL_TOPIC, createCampaigns, type CampaignsPorts } from '../../../modules/campaigns/index.ts';
import { devMailboxSender, rawSmtpSender, type SendRaw } from '../../../modules/mailing/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { fixedClock, type Clock } from '../../../modules/shared/kernel/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startSmtp } from '../../support/smtp.ts';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
const log = pino({ level: 'silent' });
const people = Array.from({ length: 40 }, (_, i) => `user-${i}`);

/**
 * Campaign delivery as one or two server instances run it (each its own module and worker over one database):
 * exactly once when two workers race, when a row is found in doubt, when a claim is lost mid-DATA; erased and
 * unsubscribed recipients skipped and counted; MAIL_RATE shared by instances.
 */
describe.each(backends)('campaign delivery on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let smtp: Smtp;
  const erased = new Set<string>();
  beforeEach(async () => {
    handle = await openMigrated(backend);
    smtp = await startSmtp();
    erased.clear();
  });
  afterEach(async () => { await handle?.close(); await smtp?.close(); });

  /** One instance: its own event store, campaigns module and campaign-lane worker, over the shared database. */
  function instance(opts: { rate?: string; relay?: SendRaw | null; leaseMs?: number; clock?: Clock } = {}) {
    const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test', MAIL_RATE: opts.rate ?? '0' }), JWT_SECRET: 'k'.repeat(40) };
    const store = createEventStore(handle.db);
    const ports: CampaignsPorts = {
      everyone: async () => people,
      buyers: async (key) => (key === 'k1' ? people.slice(0, 3) : null),
      recipient: async (userId) => (erased.has(userId) ? null : { email: `${userId}@example.com`, name: `Imię ${userId}`, language: 'pl' }),
      relay: opts.relay === undefined ? rawSmtpSender(smtp.url) : opts.relay,
      keepInDevMailbox: devMailboxSender(handle.db, log),
    };
    const campaigns = createCampaigns({ config, log, db: handle.db, store, clock: opts.clock }, ports, { leaseMs: opts.leaseMs ?? 2000 });
    campaigns.projections.forEach((p) => store.addProjection(p));
    const worker = createOutboxWorker(handle.db, { handlers: campaigns.outboxHandlers, topics: campaigns.lane.topics, leaseMs: campaigns.lane.leaseMs, batchSize: 3, backoffMs: () => 0, idlePollMs: 100 });
    return { campaigns, worker };
  }
  const received = (campaignId: string) => smtp.received.filter((m) => m.raw.includes(`<campaign-${campaignId}-`)).map((m) => m.envelopeTo.join());
  const db = () => handle.db as unknown as Kysely<any>;

  it('dates each message by the module\'s clock and offers only the one-click https unsubscribe, no mailbox', async () => {
    const clock = fixedClock('2031-05-06T07:08:09Z');
    const { campaignId } = await instance({ clock }).campaigns.start({ subject: 'Hej', body: 'Treść', target: 'k1' }, 'admin');
    await instance({ clock }).worker.drainOnce();
    const mails = smtp.received.filter((m) => m.raw.includes(`<campaign-${campaignId}-`));
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.raw).toMatch(/^Date: Tue, 06 May 2031 07:08:09 \+0000\r$/m);
      expect(mail.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <https:\/\/gestalt\.test\/unsubscribe\/[A-Za-z0-9._-]+>\r$/m);
      expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.raw).not.toContain('mailto:');
    }
  });

  it('sends each recipient exactly one message when two instances deliver the same campaign at once', async () => {
    const a = instance();
    const b = instance();
    const { campaignId } = await a.campaigns.start({ subject: 'Hej', body: 'Treść', target: 'all' }, 'admin');
    await Promise.all([a.worker.drainOnce(), b.worker.drainOnce(), a.worker.drainOnce()]);
    expect(received(campaignId).sort()).toEqual(people.map((p) => `${p}@example.com`).sort());
    expect(await b.campaigns.campaign(campaignId)).toMatchObject({ total: 40, sent: 40, pending: 0, failed: 0, unsubscribed: 0, skipped: 0 });
  });

  it('settles a row found in doubt (its sender died after the mark) as delivered without sending it again', async () => {
    const a = instance();
    const { campaignId } = await a.campaigns.start({ subject: 'Hej', body: 'Treść', target: 'k1' }, 'admin');
    await db().insertInto('campaign_deliveries').values({ campaign_id: campaignId, user_id: 'user-1', outcome: 'in_doubt', in_doubt_at: new Date() }).execute();
    await a.worker.drainOnce();
    expect(received(campaignId).sort()).toEqual(['user-0@example.com', 'user-2@example.com']);
    expect(await a.campaigns.campaign(campaignId)).toMatchObject({ total: 3, sent: 3, pending: 0 });
  });

  it('abandons the message mid-DATA when its claim is lost before the mark, and the new holder sends it once', async () => {
    const relay = rawSmtpSender(smtp.url);
    let stolen = false;
    // Another worker takes the row while this one is still streaming (its lease ran out under a slow relay).
    const slow: SendRaw = async (envelope, raw) => {
      if (!stolen) {
        stolen = true;
        await db().updateTable('outbox').set({ claim_token: 'another-worker' }).where('topic', '=', CAMPAIGN_MAIL_TOPIC).where('status', '=', 'pending').execute();
      }
      return relay(envelope, raw);
    };
    const a = instance({ relay: slow });
    const { campaignId } = await a.campaigns.start({ subject: 'Hej', body: 'Treść', target: 'k1' }, 'admin');
    await a.worker.drainOnce();
    const errors = await db().selectFrom('outbox').select('last_error').where('last_error', 'is not', null).execute();
    expect(errors.map((e) => e.last_error)).toEqual([]);
    expect(received(campaignId)).toEqual([]);
    expect(smtp.dataStarted()).toBeGreaterThan(0);
    // The other worker's lease runs out; whoever claims next delivers each row once.
    await db().updateTable('outbox').set({ claimed_until: new Date(Date.now() - 1000) }).where('topic', '=', CAMPAIGN_MAIL_TOPIC).execute();
    await instance().worker.drainOnce();
    expect(received(campaignId).sort()).toEqual(['user-0@example.com', 'user-1@example.com', 'user-2@example.com']);
  });

  it('skips an erased recipient and an unsubscribed one, counting each', async () => {
    const a = instance();
    erased.add('user-0');
    const token = new URL(a.campaigns.unsubscribeUrl('user-1')).pathname.split('/').pop()!;
    expect(await a.campaigns.unsubscribe(token)).toBe(true);
    expect(await a.campaigns.unsubscribe(token)).toBe(true);
    expect(await a.campaigns.unsubscribe(`${token}x`)).toBe(false);
    const { campaignId } = await a.campaigns.start({ subject: 'Hej', body: 'Treść', target: 'k1' }, 'admin');
    await a.worker.drainOnce();
    expect(received(campaignId)).toEqual(['user-2@example.com']);
    expect(await a.campaigns.campaign(campaignId)).toMatchObject({ total: 3, sent: 1, skipped: 1, unsubscribed: 1, pending: 0 });
  });

  it('keeps MAIL_RATE across instances: the pace lives in the database', async () => {
    const a = instance({ rate: '20', relay: null });
    const b = instance({ rate: '20', relay: null });
    const { campaignId } = await a.campaigns.start({ subject: 'Hej', body: 'Treść', target: 'all' }, 'admin');
    const started = Date.now();
    await Promise.all([a.worker.drainOnce(), b.worker.drainOnce()]);
    const elapsed = Date.now() - started;
    // 40 messages at 20 a second take at least 1.95 s however many instances share them.
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(await a.campaigns.campaign(campaignId)).toMatchObject({ sent: 40, pending: 0 });
    const kept = await db().selectFrom('dev_mailbox').select(['message_id', 'recipient']).execute();
    expect(kept).toHaveLength(40);
    expect(new Set(kept.map((k) => k.message_id)).size).toBe(40);
  });

  it('renews the claim while a slow MAIL_RATE keeps a message waiting longer than its lease', async () => {
    const a = instance({ rate: '1', leaseMs: 600 });
    const b = instance({ rate: '1', leaseMs: 600 });
    const { campaignId } = await a.campaigns.start({ subject: 'Hej', body: 'Treść', target: 'k1' }, 'admin');
    // Three messages at one a second: the last waits about a second for its slot, past its 0.6 s lease, while
    // the other instance polls for rows whose lease ran out.
    a.worker.start();
    await new Promise((r) => setTimeout(r, 50));
    b.worker.start();
    try {
      await smtp.waitFor(3, 10_000);
      // Every message done; stopping then waits for any message still in a worker's hands, so none can come later.
      const undone = async () => (await db().selectFrom('outbox').select('status').where('topic', '=', CAMPAIGN_MAIL_TOPIC).where('status', '!=', 'done').execute()).length;
      await expect.poll(undone, { timeout: 10_000 }).toBe(0);
    } finally {
      await Promise.all([a.worker.stop(), b.worker.stop()]);
    }
    expect(received(campaignId).sort()).toEqual(['user-0@example.com', 'user-1@example.com', 'user-2@example.com']);
    // No message was taken over and abandoned mid-DATA: each claim held through its wait.
    expect(smtp.dataStarted()).toBe(3);
  });
});
