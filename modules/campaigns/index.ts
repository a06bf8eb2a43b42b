import { createHash } from 'node:crypto';
import type { ModuleDb } from '../shared/db/index.ts';
import type { Projection } from '../shared/events/index.ts';
import { handleCommand, randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { campaignDecider, campaignStream, type CampaignTarget } from './campaign.ts';
import { CAMPAIGN_MAIL_TOPIC, campaignMailHandler, campaignMessage } from './delivery.ts';
import { campaignLane } from './lane.ts';
import { mailPacing } from './pacing.ts';
import { campaignProgress, type CampaignProgress } from './progress.ts';
import { campaignsProjection, unsubscribedProjection } from './projections.ts';
import type { CampaignsPorts } from './ports.ts';
import type { CampaignsTables } from './schema.ts';
import { subscriptionDecider, subscriptionStream } from './subscription.ts';
import { unsubscribeTokens } from './tokens.ts';

export { campaignTexts } from './mail.ts';
export { campaignDecider, type CampaignEvent, type StartCampaign, type CampaignState } from './campaign.ts';
export { subscriptionDecider, type SubscriptionEvent, type Unsubscribe } from './subscription.ts';
export { CAMPAIGN_MAIL_TOPIC } from './delivery.ts';
export type { CampaignsTables } from './schema.ts';
export type { CampaignProgress } from './progress.ts';
export type { CampaignsPorts } from './ports.ts';
export { CAMPAIGN_LANE, campaignLane } from './lane.ts';

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
