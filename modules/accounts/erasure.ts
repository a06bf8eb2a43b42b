import { sql } from 'kysely';
import type { ModuleTx } from '../shared/db/index.ts';
import { eraseMessagesMentioning } from '../shared/outbox/index.ts';
import type { AccountsTables } from './schema.ts';

/** What a deleted account leaves behind that names the person: found by the address, compared case-insensitively. */
export type Person = { email: string; name: string; phone: string };

const mentions = (column: string, email: string) => sql<boolean>`position(${email.trim().toLowerCase()} in lower(${sql.ref(column)}::text)) > 0`;

/**
 * Erases a deleted user's personal data from the accounts tables and the shared ones, in the transaction
 * that records UserDeleted: the personal-data row; every outbox row whose payload or last error mentions the
 * address (delivered or not: mail to them, their forgot-password requests; a pending one is not sent any more,
 * the row stays so its dedupe key still holds); the dev mailbox's mail to or about them.
 * Rate-limit counters hold only hashes (see accounts' `forgetCounters`); events hold no personal data.
 */
export async function erasePersonalData(tx: ModuleTx<AccountsTables>, userId: string, person: Person | undefined): Promise<void> {
  await tx.deleteFrom('user_personal_data').where('user_id', '=', userId).execute();
  if (!person) return;
  await eraseMessagesMentioning(tx, person.email);
  await tx.deleteFrom('dev_mailbox')
    .where((eb) => eb.or([mentions('recipient', person.email), mentions('text', person.email), mentions('html', person.email)])).execute();
}
