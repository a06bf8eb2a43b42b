import type { SendMail, SendRaw } from '../mailing/index.ts';
import type { Recipient } from './mail.ts';

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
