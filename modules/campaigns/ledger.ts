import { sql } from 'kysely';
import type { ModuleDb } from '../shared/db/index.ts';
import { groupCommit } from '../shared/group-commit/index.ts';
import { completeClaimsAfter } from '../shared/outbox/index.ts';
import type { CampaignsTables } from './schema.ts';

/** Ids only: the address, name and language are looked up when the message goes out, so an erased user leaves nothing here. */
export type CampaignMailPayload = { campaignId: string; userId: string };
export type Settled = 'sent' | 'unsubscribed' | 'skipped';
type Known = { outcome: string | null; unsubscribed: boolean };
export type Claim = { outboxId: number; claimToken: string };

/** How long a settlement may wait for others to share its statement. */
const SETTLE_GATHER_MS = 5;

const key = (campaignId: string, userId: string) => `${campaignId}\u0000${userId}`;

/**
 * campaign_deliveries as delivery reads and writes it. Messages in flight at the same moment share statements
 * (group commit, modules/shared/group-commit/loop.ts): one look-up, one in-doubt mark and one settlement (with the
 * outbox rows' completion) per group instead of one each, which is most of what a message costs the database.
 */
export function deliveryLedger(db: ModuleDb<CampaignsTables>) {
  /** What earlier attempts settled, and whether the recipient unsubscribed. */
  const known = groupCommit(async (items: CampaignMailPayload[]): Promise<Known[]> => {
    const { rows } = await sql<Known & { i: number | string }>`
      select t.i, d.outcome, exists (select 1 from campaign_unsubscribed u where u.user_id = t.user_id) as unsubscribed
      from unnest(${items.map((p) => p.campaignId)}::text[], ${items.map((p) => p.userId)}::text[]) with ordinality as t(campaign_id, user_id, i)
      left join campaign_deliveries d on d.campaign_id = t.campaign_id and d.user_id = t.user_id`.execute(db);
    const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
    return items.map((_, i) => byIndex.get(i + 1) ?? { outcome: null, unsubscribed: false });
  });

  /**
   * Commits the in-doubt mark of each message whose outbox row is still claimed by us; false for one another
   * worker took. The row locks (FOR UPDATE) hold off a new claim until the marks have committed with them.
   */
  const markInDoubt = groupCommit(async (items: (CampaignMailPayload & Claim)[]): Promise<boolean[]> => {
    const { rows } = await sql<{ campaign_id: string; user_id: string }>`
      insert into campaign_deliveries (campaign_id, user_id, outcome, in_doubt_at)
      select t.campaign_id, t.user_id, 'in_doubt', now()
      from unnest(${items.map((m) => m.outboxId)}::bigint[], ${items.map((m) => m.claimToken)}::text[],
                  ${items.map((m) => m.campaignId)}::text[], ${items.map((m) => m.userId)}::text[]) as t(outbox_id, claim_token, campaign_id, user_id)
      join outbox o on o.id = t.outbox_id and o.claim_token = t.claim_token and o.status = 'pending'
      order by o.id
      for update of o
      on conflict (campaign_id, user_id) do update set outcome = 'in_doubt', in_doubt_at = now()
      returning campaign_id, user_id`.execute(db);
    const marked = new Set(rows.map((r) => key(r.campaign_id, r.user_id)));
    return items.map((m) => marked.has(key(m.campaignId, m.userId)));
  });

  /**
   * How each delivery ended (an in-doubt mark becomes `sent`), and its outbox row done, in one statement: the
   * outcome and the row's completion commit together. Answers whether the row was still ours. Nothing but its own
   * outbox runner waits for a settlement (the relay connection is free already), so settlements gather for a few
   * milliseconds into larger statements (a batch's last runners wait that long before the next claim).
   */
  const settle = groupCommit(async (items: { p: CampaignMailPayload; outcome: Settled; claim: Claim }[]): Promise<boolean[]> => {
    const { rows } = await completeClaimsAfter(sql`settled as (
        insert into campaign_deliveries (campaign_id, user_id, outcome, settled_at)
        select t.campaign_id, t.user_id, t.outcome, now()
        from unnest(${items.map((s) => s.p.campaignId)}::text[], ${items.map((s) => s.p.userId)}::text[], ${items.map((s) => s.outcome)}::text[]) as t(campaign_id, user_id, outcome)
        on conflict (campaign_id, user_id) do update set outcome = excluded.outcome, settled_at = now()
      )`, items.map((s) => s.claim)).execute(db);
    const done = new Set(rows.map((r) => Number(r.id)));
    return items.map((s) => done.has(s.claim.outboxId));
  }, { gatherMs: SETTLE_GATHER_MS, enough: 32 });

  return {
    known,
    markInDoubt: (p: CampaignMailPayload, claim: Claim) => markInDoubt({ ...p, ...claim }),
    settle: (p: CampaignMailPayload, outcome: Settled, claim: Claim) => settle({ p, outcome, claim }),
    /** The relay refused a marked message: it does not have it, so the mark goes and the message is tried again. */
    async unmark(p: CampaignMailPayload) {
      await db.deleteFrom('campaign_deliveries').where('campaign_id', '=', p.campaignId).where('user_id', '=', p.userId).execute();
    },
  };
}
