import { createHash } from 'node:crypto';
import type { ModuleDb } from '../shared/db/index.ts';
import type { Projection } from '../shared/events/index.ts';
import { DomainError, handleCommand, randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import type { OutboxHandler } from '../shared/outbox/index.ts';
import { campaignDecider, campaignStream, oneLine, type CampaignTarget } from './campaign.ts';
import { CAMPAIGN_MAIL_TOPIC, campaignMailHandler, campaignMessage } from './delivery.ts';
import { campaignLane } from './lane.ts';
import type { Recipient } from './mail.ts';
import { mailPacing } from './pacing.ts';
import { campaignProgress, type CampaignProgress } from './progress.ts';
import { campaignsProjection, unsubscribedProjection } from './projections.ts';
import type { CampaignsPorts } from './ports.ts';
import type { CampaignsTables } from './schema.ts';
import { subscriptionDecider, subscriptionStream } from './subscription.ts';
import { campaignTestDecider, campaignTestStream, letterFor, testMessage } from './test-mail.ts';
import { unsubscribeTokens } from './tokens.ts';

export { campaignTexts } from './mail.ts';
export { campaignDecider, type CampaignEvent, type StartCampaign, type CampaignState } from './campaign.ts';
export { subscriptionDecider, type SubscriptionEvent, type Unsubscribe } from './subscription.ts';
export { CAMPAIGN_MAIL_TOPIC } from './delivery.ts';
export { campaignTestDecider, TEST_MARK, type CampaignTestEvent } from './test-mail.ts';
export type { CampaignsTables } from './schema.ts';
export type { CampaignProgress } from './progress.ts';
export type { CampaignsPorts } from './ports.ts';
export { CAMPAIGN_LANE, campaignLane } from './lane.ts';

/**
 * Mass e-mail to every user or a product's buyers: one CampaignStarted event and one outbox row per recipient
 * in one transaction, delivered at MAIL_RATE exactly once (see delivery.ts), with a one-click unsubscribe.
 * Before that, a letter can be previewed as a recipient will read it and sent to its author alone as a test.
 * Refusals: `campaign-empty`, `campaign-unknown-product`, `campaign-not-found`, `campaign-no-admin-address`.
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

  /** The signed-in admin as a recipient; an admin whose data was erased has no address to send to. */
  async function adminRecipient(adminId: string): Promise<Recipient> {
    const me = await ports.recipient(adminId);
    if (!me) throw new DomainError('campaign-no-admin-address');
    return me;
  }

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

    /**
     * The letter as a recipient will read it (same template as the real mail): shown for the admin `adminId` as the
     * recipient, in `language` (default theirs), with their own unsubscribe link. Refusal: `campaign-empty`.
     */
    async preview(letter: { subject: string; body: string }, adminId: string, language?: 'pl' | 'en') {
      if (oneLine(letter.subject) === '' || letter.body.trim() === '') throw new DomainError('campaign-empty');
      const me = await adminRecipient(adminId);
      const mail = letterFor(letter, { ...me, language: language ?? me.language }, { site: ctx.config.SITE_NAME, unsubscribeUrl: unsubscribeUrl(adminId) });
      return { subject: mail.subject, text: mail.text, html: mail.html };
    },

    /**
     * Sends the letter to the admin `adminId` alone, its subject marked as a test, through the ordinary mail path
     * (SMTP, or the dev mailbox); no campaign counts it. Answers the address it went to. Refusal: `campaign-empty`.
     */
    async sendTest(letter: { subject: string; body: string }, adminId: string): Promise<{ to: string }> {
      const me = await adminRecipient(adminId);
      const testId = ids();
      const mail = letterFor(letter, me, { site: ctx.config.SITE_NAME, unsubscribeUrl: unsubscribeUrl(adminId) });
      await handleCommand(kernel, campaignTestDecider, campaignTestStream(testId), { type: 'SendCampaignTest', testId, subject: letter.subject, body: letter.body, now: clock() }, {
        metadata: { actor: adminId },
        outbox: (events) => (events.length > 0 ? [testMessage(testId, mail, me.language)] : []),
      });
      return { to: me.email };
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
