import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One row per campaign, rebuilt from CampaignStarted: the admin's text and how many were addressed, no one's name or address. */
export interface CampaignsTable {
  id: string;
  subject: string;
  body: string;
  /** `all` or a product key. */
  target: string;
  recipient_count: number;
  started_at: Timestamp;
}

/** Users who asked for no more campaigns, rebuilt from UserUnsubscribed. */
export interface CampaignUnsubscribedTable {
  user_id: string;
  unsubscribed_at: Timestamp;
}

/**
 * How each (campaign, recipient) delivery ended, or `in_doubt` while the relay may already hold the whole
 * message. Delivery bookkeeping beside the outbox row, not a read model: it is not rebuilt from the log.
 */
export interface CampaignDeliveriesTable {
  campaign_id: string;
  user_id: string;
  outcome: 'in_doubt' | 'sent' | 'unsubscribed' | 'skipped';
  in_doubt_at: NullableTimestamp;
  settled_at: NullableTimestamp;
}

/** The next free send slot of campaign mail, shared by every instance on the database. */
export interface CampaignPacingTable {
  lane: string;
  next_slot: Timestamp;
}

export interface CampaignsTables {
  campaigns: CampaignsTable;
  campaign_unsubscribed: CampaignUnsubscribedTable;
  campaign_deliveries: CampaignDeliveriesTable;
  campaign_pacing: CampaignPacingTable;
}
