import { sql } from 'kysely';
import type { ModuleDb } from '../shared/db/index.ts';
import type { CampaignsTables } from './schema.ts';

const LANE = 'campaign';

/**
 * MAIL_RATE across every instance on one database: each send claims the next free slot of one shared row,
 * advancing it by 1/rate seconds in a single UPDATE, and answers how long to wait for it. The database's clock
 * decides, so instances with skewed clocks still share one pace. `0` means unlimited.
 */
export function mailPacing(db: ModuleDb<CampaignsTables>, ratePerSecond: number) {
  const stepMicros = ratePerSecond > 0 ? Math.max(1, Math.round(1_000_000 / ratePerSecond)) : 0;
  const step = sql.lit(`${stepMicros} microseconds`);
  return async function nextSlot(): Promise<number> {
    if (stepMicros === 0) return 0;
    const row = await sql<{ wait_ms: number | string }>`
      update campaign_pacing set next_slot = greatest(next_slot, clock_timestamp()) + ${step}::interval
      where lane = ${LANE}
      returning greatest(0, extract(epoch from (next_slot - ${step}::interval - clock_timestamp())) * 1000) as wait_ms`.execute(db);
    const waitMs = Number(row.rows[0]?.wait_ms ?? 0);
    if (row.rows.length === 0) {
      await db.insertInto('campaign_pacing').values({ lane: LANE, next_slot: sql<Date>`clock_timestamp()` }).onConflict((c) => c.column('lane').doNothing()).execute();
      return nextSlot();
    }
    return waitMs;
  };
}
