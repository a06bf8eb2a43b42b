import { createHash } from 'node:crypto';
import type { Recipient } from './mail.ts';
import type { SendMail, SendRaw } from '../mailing/index.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import type { Projection } from '../shared/events/index.ts';
import { handleCommand, randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { campaignDecider, campaignStream, type CampaignTarget } from './campaign.ts';
import { CAMPAIGN_MAIL_TOPIC, campaignMailHandler, campaignMessage } from './delivery.ts';
import { mailPacing } from './pacing.ts';
import { campaignProgress, type CampaignProgress } from './progress.ts';
import { campaignsProjection, unsubscribedProjection } from './projections.ts';
import type { CampaignsTables } from './schema.ts';
import { subscriptionDecider, subscriptionStream } from './subscription.ts';
import { unsubscribeTokens } from './tokens.ts';

export { campaignTexts } from './mail.ts';
export { campaignDecider, type CampaignEvent, type StartCampaign, type CampaignState } from './campaign.ts';
export { subscriptionDecider, type SubscriptionEvent, type Unsubscribe } from './subscription.ts';
export { CAMPAIGN_MAIL_TOPIC } from './delivery.ts';
export type { CampaignsTables } from './schema.ts';
export type { CampaignProgress } from './progress.ts';

/** What campaigns needs from other modules, handed over by the composition root (src/server/modules.ts). */
export type CampaignsPorts = {
  /** Every verified user still holding personal data (target `all`), by id. */
  everyone(): Promise<string[]>;
  /** The paying buyers (paid, not refunded) of a product, by id; null when there is no such product. */
  buyers(productKey: string): Promise<string[] | null>;
  /** Address, name and language at delivery time; null once the user is erased. */
  recipient(userId: string): Promise<Recipient | null>;
  relay: SendRaw | null;
  keepInDevMailbox: SendMail;
};

/** Campaign mail has a worker of its own, so account and purchase mail never queues behind a campaign. */
export const CAMPAIGN_LANE = { topics: [CAMPAIGN_MAIL_TOPIC], leaseMs: 10_000, batchSize: 3, concurrency: 1 } as const;

/** Messages one instance sends at once when MAIL_RATE allows (the relay connections are in modules/mailing). */
const PARALLEL_SENDS = 32;

/**
 * The lane at a given MAIL_RATE: a batch is what the rate sends within a third of the lease (so claimed rows do
 * not wait out their lease in the batch), at least the default 3, at most 64; unlimited (0) claims 64 at a time.
 * Several messages are sent at once (each keeps the exactly-once steps of delivery.ts).
 */
export function campaignLane(mailRate: number, leaseMs: number = CAMPAIGN_LANE.leaseMs) {
  const batchSize = mailRate === 0 ? 64 : Math.max(CAMPAIGN_LANE.batchSize, Math.min(64, Math.floor((mailRate * leaseMs) / 3000)));
  return { ...CAMPAIGN_LANE, leaseMs, batchSize, concurrency: Math.min(PARALLEL_SENDS, batchSize) };
}

/**
 * Mass e-mail to every user or a product's buyers: one CampaignStarted event and one outbox row per recipient
 * in one transaction, delivered at MAIL_RATE exactly once (see delivery.ts), with a one-click unsubscribe.
 * Refusals: `campaign-empty`, `campaign-unknown-product`, `campaign-not-found`.
 */
export function createCampaigns(ctx: ModuleContext, ports: CampaignsPorts, options: { leaseMs?: number } = {}) {
  const lane = campaignLane(ctx.config.MAIL_RATE, options.leaseMs);
  const db = ctx.db as unknown as ModuleDb<CampaignsTables>;
  const clock = ctx.clock ?? systemClock;
  const ids = ctx.ids ?? randomIds;
  const kernel = { db, store: ctx.store };
  const tokens = unsubscribeTokens(ctx.config.JWT_SECRET);
  const unsubscribeUrl = (userId: string) => new URL(`/unsubscribe/${tokens.tokenFor(userId)}`, ctx.config.PUBLIC_URL).href;
  const domain = new URL(ctx.config.PUBLIC_URL).hostname;

  const handler = campaignMailHandler({
    db, log: ctx.log, recipient: ports.recipient, relay: ports.relay, keepInDevMailbox: ports.keepInDevMailbox,
    nextSlot: mailPacing(db, ctx.config.MAIL_RATE), leaseMs: lane.leaseMs, unsubscribeUrl, from: ctx.config.MAIL_FROM, site: ctx.config.SITE_NAME, domain, clock,
  });

  return {
    projections: [campaignsProjection, unsubscribedProjection] as Projection[],
    outboxHandlers: { [CAMPAIGN_MAIL_TOPIC]: handler } as Record<string, OutboxHandler>,
    /** The worker campaign mail needs of its own: its topic, lease, batch size and sends at once. */
    lane,

    /**
     * Starts a campaign (admin `adminId`, the event's actor). The same `idempotencyKey` from the same admin names the
     * same campaign, so a repeated request answers its id and writes nothing.
     */
    async start(input: { subject: string; body: string; target: CampaignTarget; idempotencyKey?: string | undefined }, adminId: string): Promise<{ campaignId: string }> {
      const campaignId = input.idempotencyKey ? keyedId(adminId, input.idempotencyKey) : ids();
      const audience = input.target === 'all' ? await ports.everyone() : await ports.buyers(input.target);
      const recipients = audience ? [...new Set(audience)] : null;
      await handleCommand(kernel, campaignDecider, campaignStream(campaignId), {
        type: 'StartCampaign', campaignId, subject: input.subject, body: input.body, target: input.target, audience: recipients, now: clock(),
      }, {
        metadata: { actor: adminId },
        outbox: (events) => (events.length > 0 && recipients ? recipients.map((userId) => campaignMessage(campaignId, userId)) : []),
      });
      return { campaignId };
    },

    /** Every campaign with its progress, newest first. */
    campaigns: (): Promise<CampaignProgress[]> => campaignProgress(db),
    /** One campaign's progress; null when there is none with this id. */
    campaign: async (campaignId: string): Promise<CampaignProgress | null> => (await campaignProgress(db, campaignId))[0] ?? null,

    /** The user an unsubscribe link's token names, or null when the token is not ours (the page answers 404). */
    unsubscribeTokenUser: (token: string) => tokens.userOf(token),
    /** The link in every campaign message's footer and List-Unsubscribe header. */
    unsubscribeUrl,

    /** Unsubscribes the token's user from campaigns (account and purchase mail still go out); false for a token not ours. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = tokens.userOf(token);
      if (!userId) return false;
      await handleCommand(kernel, subscriptionDecider, subscriptionStream(userId), { type: 'Unsubscribe', userId, now: clock() }, { metadata: { actor: userId } });
      return true;
    },
  };
}

/** A campaign id fixed by (admin, Idempotency-Key), shaped like a UUID. */
function keyedId(adminId: string, key: string): string {
  const h = createHash('sha256').update(`${adminId}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export type Campaigns = ReturnType<typeof createCampaigns>;
