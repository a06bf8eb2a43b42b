import type { LogFreshness } from '../shared/memory/index.ts';
import type { ActionLimits, RateLimitedAction } from './limits.ts';
import type { PasswordPool } from './password-pool.ts';

/** Who is calling, as the web layer sees it. */
export type SessionUser = { id: string; name: string; email: string; phone: string; role: 'admin' | 'user' };

export type PurchasedVideo = { key: string; purchaseDate: string };
export type Profile = SessionUser & { purchasedVideos: PurchasedVideo[] };

/** What accounts needs from other modules, handed over by the composition root (src/server/modules.ts). */
export type AccountsPorts = {
  /** The items a user owns, for the profile. */
  purchases: { purchasedVideos(userId: string): Promise<PurchasedVideo[]> };
  /** Other modules forget what they hold about an address when its account is deleted (contact: its messages). */
  people: { forgetAddress(email: string): Promise<void> };
};

export type AccountsOptions = {
  /** Rate limits; tests pass small ones. */
  limits?: Partial<Record<RateLimitedAction, ActionLimits>>;
  /** Sessions are remembered in memory only when this process follows the event log (the server does; tests may not). */
  log?: LogFreshness;
  /** Where passwords are hashed and checked; by default a pool of its own with PASSWORD_QUEUE_MAX (tests pass one to share). */
  passwords?: PasswordPool;
};
