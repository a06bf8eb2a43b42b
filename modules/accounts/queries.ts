import { accountSearch } from './search.ts';
import type { ModuleDb } from '../shared/db/index.ts';
import type { AccountsTables } from './schema.ts';
import type { Language } from './user.ts';

type Db = ModuleDb<AccountsTables>;

/** Addresses compare trimmed and case-insensitively. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** ADMIN_EMAILS make an admin; everyone else is a user. */
export const roleOf = (adminEmails: readonly string[], email: string): 'admin' | 'user' => (adminEmails.includes(emailKey(email)) ? 'admin' : 'user');

/**
 * Every account that still has its personal data, in the order they registered (the admin's users table); with
 * `search`, only those whose name, e-mail or phone contains it (see accountSearch).
 */
export const allAccounts = (db: Db, search?: string) => {
  let query = db.selectFrom('users').innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
    .select(['users.id', 'name', 'email', 'phone']);
  if (search !== undefined && search.trim() !== '') query = query.where(accountSearch(search));
  return query.orderBy('registered_at').orderBy('users.id').execute();
};

/** A user's name, address and phone, as the admin deletes them; undefined when there is none (unknown or erased). */
export const personalData = (db: Db, userId: string) => db.selectFrom('user_personal_data')
  .select(['email', 'name', 'phone']).where('user_id', '=', userId).executeTakeFirst();

/** The account registered with `email`, with what mail to it needs; undefined when there is none. */
export const accountByEmail = (db: Db, email: string) => db.selectFrom('user_personal_data')
  .innerJoin('users', 'users.id', 'user_personal_data.user_id')
  .select(['user_personal_data.user_id as id', 'name', 'email', 'status', 'language', 'password_hash'])
  .where('email_key', '=', emailKey(email)).executeTakeFirst();

/** Whose e-mailed link this is (by the hash of its secret); whether it still works is the user's stream's decision. */
export async function linkOwner(db: Db, tokenHash: string, kind: 'verify' | 'reset' | 'admin'): Promise<string | null> {
  const row = await db.selectFrom('account_tokens').select('user_id').where('token_hash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst();
  return row?.user_id ?? null;
}

/** Name, address and chosen language for mail to a user (e.g. purchase confirmations); null once erased. */
export async function mailContact(db: Db, userId: string): Promise<{ name: string; email: string; language: Language } | null> {
  const row = await db.selectFrom('users')
    .innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
    .select(['name', 'email', 'language']).where('users.id', '=', userId).executeTakeFirst();
  return row ?? null;
}

/** Name, address and phone of each of `userIds` that still has its personal data (the admin's attendee lists), in one query. */
export async function contactsOf(db: Db, userIds: readonly string[]): Promise<Map<string, { name: string; email: string; phone: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('user_personal_data').select(['user_id', 'name', 'email', 'phone']).where('user_id', 'in', [...userIds]).execute();
  return new Map(rows.map(({ user_id, ...contact }) => [user_id, contact]));
}

/** Every verified account that still has its personal data, by id (a mass e-mail to all users). */
export async function verifiedUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
    .select('users.id').where('status', '=', 'verified').orderBy('registered_at').orderBy('users.id').execute();
  return rows.map((r) => r.id);
}

/** The account a session token names, with whether that session was logged out on its own. */
export const sessionAccount = (db: Db, userId: string, sessionId: string) => db.selectFrom('users')
  .innerJoin('user_personal_data', 'user_personal_data.user_id', 'users.id')
  .leftJoin('revoked_sessions', (j) => j.on('revoked_sessions.session_id', '=', sessionId))
  .select(['users.id', 'name', 'email', 'phone', 'status', 'token_version', 'revoked_sessions.session_id as revoked'])
  .where('users.id', '=', userId).executeTakeFirst();

/** A session works while its account is verified, its token version is the current one and it was not logged out. */
export const sessionIsLive = (account: { status: string; token_version: number; revoked: string | null }, tokenVersion: number) =>
  account.status === 'verified' && account.token_version === tokenVersion && account.revoked === null;
