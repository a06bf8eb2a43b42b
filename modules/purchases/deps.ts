import type { ModuleDb } from '../shared/db/index.ts';
import type { ModuleContext } from '../shared/kernel/index.ts';
import type { PurchasesPorts } from './ports.ts';
import type { PaymentProvider } from './providers.ts';
import type { PurchasesTables } from './schema.ts';

/** What every part of purchases works with, built once by the door (index.ts). */
export type PurchasesDeps = {
  db: ModuleDb<PurchasesTables>;
  store: ModuleContext['store'];
  clock: () => Date;
  ids: () => string;
  provider: PaymentProvider;
  ports: PurchasesPorts;
  siteName: string;
  /** The calendar invitations' ORGANIZER: SITE_NAME at MAIL_FROM's address. */
  organizer: { name: string; email: string };
  /** Signs recording URLs. */
  secret: string;
  mediaDir: string;
};
