import pino from 'pino';
import { expect } from 'vitest';
import { createAccounts, type AccountsOptions, type AccountsPorts } from '../../modules/accounts/index.ts';
import { AWAITED_MAIL_TOPIC, MAIL_TOPIC, MAIL_TOPICS, type Mail } from '../../modules/mailing/index.ts';
import { parseEnv } from '../../modules/shared/config/index.ts';
import type { DatabaseHandle } from '../../modules/shared/db/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import { DomainError, type Clock } from '../../modules/shared/kernel/index.ts';
import { createOutboxWorker } from '../../modules/shared/outbox/index.ts';

/**
 * One server instance's accounts module over `handle` (call twice for two instances sharing a database).
 * It owns nothing yet: the purchases port answers an empty list.
 */
export function accountsInstance(
  handle: DatabaseHandle, opts: AccountsOptions & { clock?: Clock; env?: Record<string, string>; people?: AccountsPorts['people'] } = {},
) {
  const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test', ...opts.env }), JWT_SECRET: 'k'.repeat(40) };
  const store = createEventStore(handle.db);
  const ctx = { config, log: pino({ level: 'silent' }), db: handle.db, store, ...(opts.clock ? { clock: opts.clock } : {}) };
  const accounts = createAccounts(ctx, { purchases: { purchasedVideos: async () => [] }, people: opts.people ?? { forgetAddress: async () => {} } }, opts);
  accounts.projections.forEach((p) => store.addProjection(p));
  return { accounts, store, ctx };
}

type Accounts = ReturnType<typeof accountsInstance>['accounts'];

/** Mail written to the outbox (delivered or not), oldest first. */
export const outboxMails = async (handle: DatabaseHandle) =>
  (await handle.db.selectFrom('outbox').select('payload').where('topic', 'in', [...MAIL_TOPICS]).orderBy('id').execute()).map((r) => r.payload as Mail);

/** Runs the outbox worker once, as the server does after a request: queued requests become mail (not sent anywhere). */
export const drainOutbox = (handle: DatabaseHandle, accounts: Accounts) =>
  createOutboxWorker(handle.db, { handlers: { ...accounts.outboxHandlers, [MAIL_TOPIC]: async () => {}, [AWAITED_MAIL_TOPIC]: async () => {} } }).drainOnce();

export const linkIn = (mail: Mail, path: string) => new RegExp(`https://gestalt\\.test/${path}/([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;

/** The code of the DomainError `action` refuses with (fails the test when it does not refuse). */
export async function refusal(action: Promise<unknown>): Promise<string> {
  const error = await action.then(() => null, (e: unknown) => e);
  expect(error, 'expected a refusal').toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

/** Registers and verifies `email` (password `pierwsze`); answers the first session token. */
export async function verifiedUser(handle: DatabaseHandle, accounts: Accounts, email: string): Promise<string> {
  await accounts.register({ name: 'Anna Kowalska', email, phone: '+48 600 100 200', password: 'pierwsze' }, { ip: '10.0.0.1', language: 'pl' });
  const mail = (await outboxMails(handle)).findLast((m) => m.to === email)!;
  return accounts.verifyEmail(linkIn(mail, 'verify-email'));
}
