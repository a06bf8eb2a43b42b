import type { Projection } from '../shared/events/index.ts';
import type { Mailing } from '../mailing/index.ts';
import type { ModuleContext } from '../shared/module.ts';

/** Who is calling, as the web layer sees it. */
export type SessionUser = { id: string; name: string; email: string; phone: string; role: 'admin' | 'user' };

/** Accounts: registration, verification, login, password reset, profile. (Skeleton: filled in by the accounts issue.) */
export function createAccounts(_ctx: ModuleContext, _deps: { mailing: Mailing }) {
  return {
    projections: [] as Projection[],
    /** The user a session token (JWT) belongs to, or null when it is missing, invalid or revoked. */
    async authenticate(_token: string | null): Promise<SessionUser | null> {
      return null;
    },
    async seed(): Promise<void> {},
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
