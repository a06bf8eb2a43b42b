import pino from 'pino';
import { createAccounts } from '../../modules/accounts/index.ts';
import { createMailing, MAIL_TOPIC, type Mail } from '../../modules/mailing/index.ts';
import { parseEnv } from '../../modules/shared/config/index.ts';
import type { DatabaseHandle } from '../../modules/shared/db/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import { createOutboxWorker } from '../../modules/shared/outbox/index.ts';

type Limits = Parameters<typeof createAccounts>[1]['limits'];

/** One server instance's accounts module over `handle` (call twice for two instances sharing a database). */
export function accountsInstance(handle: DatabaseHandle, limits?: Limits) {
  const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'k'.repeat(40) };
  const store = createEventStore(handle.db);
  const ctx = { config, log: pino({ level: 'silent' }), db: handle.db, store };
  const accounts = createAccounts(ctx, { mailing: createMailing(ctx), ...(limits ? { limits } : {}) });
  accounts.projections.forEach((p) => store.addProjection(p));
  return { accounts, store };
}

type Accounts = ReturnType<typeof accountsInstance>['accounts'];

/** Mail written to the outbox (delivered or not), oldest first. */
export const outboxMails = async (handle: DatabaseHandle) =>
  (await handle.db.selectFrom('outbox').select('payload').where('topic', '=', MAIL_TOPIC).orderBy('id').execute()).map((r) => r.payload as Mail);

/** Runs the outbox worker once, as the server does after a request: queued requests become mail (not sent anywhere). */
export const drainOutbox = (handle: DatabaseHandle, accounts: Accounts) =>
  createOutboxWorker(handle.db, { handlers: { ...accounts.outboxHandlers, [MAIL_TOPIC]: async () => {} } }).drainOnce();

export const linkIn = (mail: Mail, path: string) => new RegExp(`https://gestalt\\.test/${path}/([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;

/** Registers and verifies `email` (password `pierwsze`); answers the first session token. */
export async function verifiedUser(handle: DatabaseHandle, accounts: Accounts, email: string): Promise<string> {
  await accounts.register({ name: 'Anna Kowalska', email, phone: '+48 600 100 200', password: 'pierwsze' }, { ip: '10.0.0.1', language: 'pl' });
  const mail = (await outboxMails(handle)).findLast((m) => m.to === email)!;
  const verified = await accounts.verifyEmail(linkIn(mail, 'verify-email'));
  if (!verified.ok) throw new Error('verification failed');
  return verified.token;
}
