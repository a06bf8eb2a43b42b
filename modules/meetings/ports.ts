import type { Mail } from '../mailing/index.ts';

/** What meetings needs from other modules, handed over by the composition root (src/server/modules.ts). */

export type MeetingSession = { id: string; start: Date; end: Date };

/** A product as meetings sees it: the shape of purchases' `ProductForSale`, the fields it reads. */
export type MeetingProduct = {
  key: string;
  title: { pl: string; en: string };
  liveAt: Date;
  durationMinutes: number;
  liveEndsAt?: Date;
  sessions?: MeetingSession[];
  /** When joining opens before the first session (the catalogue's setting); each session opens as long before its start. */
  joinOpensAt?: Date;
  /** The live meeting's URL, or null: never shown, only redirected to. */
  liveLink: string | null;
};

/**
 * A purchase as the join link and reminders need it: whose it is, of what, and whether it gives access at `at`
 * (`ended`: refunded, withdrawn, revoked or its access window closed; `none`: not paid).
 */
export type MeetingPurchase = { purchaseId: string; userId: string; productKey: string; standing: 'active' | 'ended' | 'none' };

export type MeetingsPorts = {
  /** Purchases' read of one purchase at an instant; null when there is no such purchase. */
  purchase: (purchaseId: string, at: Date) => Promise<MeetingPurchase | null>;
  /** The catalogue's product as it is sold (its sessions and live link), published or not; null when unknown. */
  product: (key: string) => Promise<MeetingProduct | null>;
  /** Accounts' mail contact of a buyer; null once erased. */
  buyer: (userId: string) => Promise<{ email: string; name: string; language: 'pl' | 'en' } | null>;
  /** Mailing's sender: the relay (or the dev mailbox), with the Message-ID we fix. Throws when the relay refuses. */
  send: (mail: Mail, messageId: string) => Promise<void>;
  /** Minutes before each session a reminder goes out (the catalogue's product setting); absent: REMINDER_OFFSETS. */
  reminderOffsets?: (productKey: string) => Promise<readonly number[]>;
  /** The site's public origin, for the join link in mail. */
  origin: () => string;
};
