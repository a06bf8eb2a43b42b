import pino from 'pino';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestInfo } from '../../../modules/accounts/index.ts';
import { createContact } from '../../../modules/contact/index.ts';
import { devMailboxSender, MAIL_TOPICS } from '../../../modules/mailing/index.ts';
import { accountsInstance, drainOutbox, outboxMails, refusal, verifiedUser } from '../../support/accounts-module.ts';
import { backends, openMigrated, tablesHolding } from '../../support/databases.ts';

const req: RequestInfo = { ip: '10.0.0.7', language: 'pl' };
const zofia = { name: 'Zofia Usuwalska', email: 'Zofia.Usuwalska@Example.com', phone: '+48 511 987 654', password: 'pierwsze' };

describe.each(backends)('an admin deletes a user, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  /** Accounts and contact over one database, as the composition root wires them (contact forgets a deleted address). */
  function setup() {
    let contact: ReturnType<typeof createContact> | null = null;
    const instance = accountsInstance(handle, {
      env: { ADMIN_EMAILS: 'boss@example.com', CONTACT_TO: 'biuro@example.com' },
      people: { forgetAddress: (email) => contact!.forgetAddress(email) },
    });
    contact = createContact(instance.ctx);
    return { ...instance, contact };
  }

  /** Every text and JSON column of every table (information_schema), with the rows in which `needle` occurs, any case. */
  const occurrences = (needle: string) => tablesHolding(handle.db, needle);

  async function userId(email: string): Promise<string> {
    const { rows } = await sql<{ user_id: string }>`select user_id from user_personal_data where email_key = ${email.toLowerCase()}`.execute(handle.db);
    return rows[0]!.user_id;
  }

  it('erases name, e-mail and phone from every table, revokes every token and keeps the purchases; the event names the admin', async () => {
    const { accounts, contact, store } = setup();
    await verifiedUser(handle, accounts, 'boss@example.com');
    await verifiedUser(handle, accounts, 'anna@example.com');
    const bossId = await userId('boss@example.com');
    await accounts.register(zofia, req);
    const zofiaId = await userId(zofia.email);
    const token = await accounts.verifyEmail(/verify-email\/([\w-]+)/.exec((await outboxMails(handle)).findLast((m) => m.to === zofia.email)!.text)![1]!);
    // Her traces elsewhere: a forgot-password request and its mail, a delivered mail that failed once, the dev
    // mailbox, a contact message (stored and mailed to CONTACT_TO), a purchase.
    await accounts.requestPasswordReset(zofia.email.toUpperCase(), req);
    await drainOutbox(handle, accounts);
    await handle.db.updateTable('outbox').set({ last_error: `550 <${zofia.email}> mailbox full` }).where('topic', 'in', [...MAIL_TOPICS]).execute();
    await devMailboxSender(handle.db, pino({ level: 'silent' }))((await outboxMails(handle)).findLast((m) => m.to === zofia.email)!, 'm-1');
    await contact.send({ fromName: zofia.name, email: zofia.email, message: `Pytanie. Tel. ${zofia.phone}` }, { sender: '10.0.0.7', lang: 'pl' });
    await handle.db.insertInto('purchases').values({
      purchase_id: 'p-1', user_id: zofiaId, product_key: 'k-1', status: 'paid', currency: 'PLN', amount: 19900, provider: 'dev',
      provider_session_id: 's-1', paid_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z',
    }).execute();
    for (const needle of [zofia.email, zofia.name, zofia.phone]) expect(await occurrences(needle), needle).not.toEqual([]);

    await accounts.deleteUser(zofiaId, bossId);

    for (const needle of [zofia.email, zofia.name, zofia.phone]) expect(await occurrences(needle), needle).toEqual([]);
    expect(await occurrences('anna@example.com'), 'the scan finds what is still there').toContain('user_personal_data.email');
    expect(await accounts.authenticate(token)).toBeNull();
    expect(await refusal(accounts.login(zofia.email, zofia.password, req))).toBe('invalid-credentials');
    expect((await accounts.users()).map((u) => u.email)).toEqual(['boss@example.com', 'anna@example.com']);
    const purchase = await handle.db.selectFrom('purchases').select(['user_id', 'amount', 'paid_at']).where('purchase_id', '=', 'p-1').executeTakeFirstOrThrow();
    expect([purchase.user_id, purchase.amount, new Date(purchase.paid_at!).toISOString()]).toEqual([zofiaId, 19900, '2026-03-01T10:00:00.000Z']);
    const last = (await store.readStream(`user-${zofiaId}`)).at(-1)!;
    expect([last.type, last.metadata]).toEqual(['UserDeleted', expect.objectContaining({ actor: bossId })]);
    // Nothing erased is sent any more.
    expect(await handle.db.selectFrom('outbox').select('id').where('status', '<>', 'done').execute()).toEqual([]);
  });

  it('refuses to delete an admin, an unknown id or a user already deleted', async () => {
    const { accounts } = setup();
    await verifiedUser(handle, accounts, 'boss@example.com');
    await verifiedUser(handle, accounts, 'anna@example.com');
    const [bossId, annaId] = [await userId('boss@example.com'), await userId('anna@example.com')];
    expect(await refusal(accounts.deleteUser(bossId, bossId))).toBe('cannot-delete-admin');
    expect(await refusal(accounts.deleteUser('no-such-user', bossId))).toBe('not-registered');
    await accounts.deleteUser(annaId, bossId);
    expect(await refusal(accounts.deleteUser(annaId, bossId))).toBe('not-registered');
    expect((await accounts.users()).map((u) => u.email)).toEqual(['boss@example.com']);
  });
});
