import { sql } from 'kysely';
import type { ModuleDb } from '../shared/db/index.ts';
import { CAMPAIGN_MAIL_TOPIC } from './delivery.ts';
import type { CampaignsTables } from './schema.ts';

/**
 * Where a campaign stands: `sent` (accepted by the relay, or in doubt and settled as delivered), `unsubscribed`
 * and `skipped` (erased before their turn) are settled; `failed` were given up; `pending` is the rest.
 */
export type CampaignProgress = {
  id: string; subject: string; target: string; startedAt: string;
  total: number; sent: number; pending: number; failed: number; unsubscribed: number; skipped: number;
};

type Db = ModuleDb<CampaignsTables>;

export async function campaignProgress(db: Db, campaignId?: string): Promise<CampaignProgress[]> {
  const campaigns = await db.selectFrom('campaigns').select(['id', 'subject', 'target', 'recipient_count', 'started_at'])
    .$if(campaignId !== undefined, (q) => q.where('id', '=', campaignId!))
    .orderBy('started_at', 'desc').orderBy('id', 'desc').execute();
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((c) => c.id);
  const settled = await db.selectFrom('campaign_deliveries').select(['campaign_id', 'outcome', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('campaign_id', 'in', ids).where('outcome', '<>', 'in_doubt').groupBy(['campaign_id', 'outcome']).execute();
  const failed = await db.selectFrom('outbox')
    .select([sql<string>`payload->>'campaignId'`.as('campaign_id'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('topic', '=', CAMPAIGN_MAIL_TOPIC).where('status', '=', 'failed')
    .where(sql<string>`payload->>'campaignId'`, 'in', ids).groupBy(sql`payload->>'campaignId'`).execute();
  const count = (id: string, outcome: string) => Number(settled.find((s) => s.campaign_id === id && s.outcome === outcome)?.n ?? 0);
  return campaigns.map((c) => {
    const sent = count(c.id, 'sent');
    const unsubscribed = count(c.id, 'unsubscribed');
    const skipped = count(c.id, 'skipped');
    const given = Number(failed.find((f) => f.campaign_id === c.id)?.n ?? 0);
    return {
      id: c.id, subject: c.subject, target: c.target, startedAt: new Date(c.started_at).toISOString(),
      total: c.recipient_count, sent, failed: given, unsubscribed, skipped,
      pending: Math.max(0, c.recipient_count - sent - unsubscribed - skipped - given),
    };
  });
}
