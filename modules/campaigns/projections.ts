import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import type { CampaignEvent } from './campaign.ts';
import type { CampaignsTables } from './schema.ts';
import type { SubscriptionEvent } from './subscription.ts';

/** campaigns: one row per CampaignStarted. Replay-safe. */
export const campaignsProjection: Projection<CampaignsTables> = {
  name: 'campaigns.campaigns',
  tables: ['campaigns'],
  async apply(tx, recorded: RecordedEvent) {
    if (recorded.type !== 'CampaignStarted') return;
    const { data } = recorded as unknown as CampaignEvent;
    await tx.insertInto('campaigns').values({
      id: data.campaignId, subject: data.subject, body: data.body, target: data.target, recipient_count: data.recipientCount, started_at: data.startedAt,
    }).onConflict((c) => c.column('id').doNothing()).execute();
  },
};

/** campaign_unsubscribed: one row per user who unsubscribed. Replay-safe. */
export const unsubscribedProjection: Projection<CampaignsTables> = {
  name: 'campaigns.unsubscribed',
  tables: ['campaign_unsubscribed'],
  async apply(tx, recorded: RecordedEvent) {
    if (recorded.type !== 'UserUnsubscribed') return;
    const { data } = recorded as unknown as SubscriptionEvent;
    await tx.insertInto('campaign_unsubscribed').values({ user_id: data.userId, unsubscribed_at: data.unsubscribedAt })
      .onConflict((c) => c.column('user_id').doNothing()).execute();
  },
  /** A rebuild's page at once: the first unsubscribe of each user wins, as applying them one by one leaves it. */
  async applyAll(tx, events: readonly RecordedEvent[]) {
    const first = new Map<string, string>();
    for (const e of events) {
      if (e.type !== 'UserUnsubscribed') continue;
      const { data } = e as unknown as SubscriptionEvent;
      if (!first.has(data.userId)) first.set(data.userId, data.unsubscribedAt);
    }
    const rows = [...first].map(([user_id, unsubscribed_at]) => ({ user_id, unsubscribed_at }));
    for (let from = 0; from < rows.length; from += 1000) {
      await tx.insertInto('campaign_unsubscribed').values(rows.slice(from, from + 1000)).onConflict((c) => c.column('user_id').doNothing()).execute();
    }
  },
};
