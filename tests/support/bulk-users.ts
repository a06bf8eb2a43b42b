import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/** A bcrypt hash (cost 12) of "secret123", made once: hashing a thousand passwords would take minutes. */
const PASSWORD_HASH = '$2b$12$Cw5zGv0bq7mD1oQxJq1vUeWwV2mHk3s0q6O4nC8y1s0mQyX9e3n7W';

export type SeededUser = { id: string; email: string; name: string; language: 'pl' | 'en' };

/**
 * Writes `count` registered and verified accounts straight into a migrated database, exactly as the accounts
 * module records them (UserRegistered and EmailVerified on each user's stream, the users read model, the personal
 * data row beside it), for tests that need many recipients before the server starts. Every third writes in English.
 */
export async function seedVerifiedUsers(db: Kysely<any>, count: number, prefix = 'osoba'): Promise<SeededUser[]> {
  const at = new Date().toISOString();
  const users: SeededUser[] = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(), email: `${prefix}-${i}@example.com`, name: `Osoba ${i}`, language: i % 3 === 2 ? 'en' : 'pl',
  }));
  for (let from = 0; from < users.length; from += 250) {
    const chunk = users.slice(from, from + 250);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('events').values(chunk.flatMap((u) => [
        { stream_id: `user-${u.id}`, stream_version: 1, type: 'UserRegistered', data: JSON.stringify({ userId: u.id, language: u.language, registeredAt: at }), metadata: '{}' },
        { stream_id: `user-${u.id}`, stream_version: 2, type: 'EmailVerified', data: JSON.stringify({ userId: u.id, tokenHash: null, verifiedAt: at }), metadata: JSON.stringify({ actor: u.id }) },
      ])).execute();
      await tx.insertInto('users').values(chunk.map((u) => ({
        id: u.id, status: 'verified', language: u.language, token_version: 1, registered_at: at, verified_at: at, password_changed_at: null,
      }))).execute();
      await tx.insertInto('user_personal_data').values(chunk.map((u) => ({
        user_id: u.id, name: u.name, email: u.email, email_key: u.email, phone: '+48 600 100 200', password_hash: PASSWORD_HASH,
      }))).execute();
    });
  }
  return users;
}
