import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccounts, type RequestInfo } from '../../modules/accounts/index.ts';
import { createMailing, MAIL_TOPIC, type Mail } from '../../modules/mailing/index.ts';
import { parseEnv } from '../../modules/shared/config/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import { createOutboxWorker } from '../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../support/databases.ts';

const req: RequestInfo = { ip: '10.0.0.1', language: 'pl' };

describe.each(backends)('accounts on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const setup = (limits?: Parameters<typeof createAccounts>[1]['limits']) => {
    const config = { ...parseEnv({ ADMIN_EMAILS: 'Boss@Example.com', PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'k'.repeat(40) };
    const store = createEventStore(handle.db);
    const ctx = { config, log: pino({ level: 'silent' }), db: handle.db, store };
    const accounts = createAccounts(ctx, { mailing: createMailing(ctx), ...(limits ? { limits } : {}) });
    accounts.projections.forEach((p) => store.addProjection(p));
    return { accounts, store };
  };
  /** Mail written to the outbox (delivered or not). */
  const mails = async () => (await handle.db.selectFrom('outbox').select('payload').where('topic', '=', MAIL_TOPIC).orderBy('id').execute()).map((r) => r.payload as Mail);
  /** Runs the outbox worker once, as the server does after a request: queued forgot/resend requests become mail. */
  const drain = (accounts: ReturnType<typeof setup>['accounts']) =>
    createOutboxWorker(handle.db, { handlers: { ...accounts.outboxHandlers, [MAIL_TOPIC]: async () => {} } }).drainOnce();
  const linkIn = (mail: Mail, path: string) => new RegExp(`https://gestalt\\.test/${path}/([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
  const anna = { name: 'Anna Kowalska', email: ' Anna@Example.com ', phone: '+48 600 100 200', password: 'pierwsze' };

  it('registers, verifies, logs in, resets the password and revokes the older session', async () => {
    const { accounts } = setup();
    expect(await accounts.register(anna, req)).toEqual({ ok: true });
    const [verifyMail] = await mails();
    expect(verifyMail).toMatchObject({ to: 'Anna@Example.com', subject: expect.stringContaining('Potwierdź adres e-mail') });
    expect(verifyMail!.html).toContain('https://gestalt.test/verify-email/');
    expect(await accounts.login('anna@example.com', 'pierwsze', req)).toEqual({ ok: false, error: 'unverified' });

    const verified = await accounts.verifyEmail(linkIn(verifyMail!, 'verify-email'));
    expect(verified.ok).toBe(true);
    expect(await accounts.verifyEmail(linkIn(verifyMail!, 'verify-email'))).toEqual({ ok: false, error: 'invalid-link' });
    const session = verified.ok ? verified.token : '';
    expect(await accounts.authenticate(session)).toMatchObject({ name: 'Anna Kowalska', email: 'Anna@Example.com', phone: '+48 600 100 200', role: 'user' });

    const login = await accounts.login('ANNA@example.com', 'pierwsze', req);
    expect(login.ok).toBe(true);
    expect(await accounts.login('anna@example.com', 'wrong', req)).toEqual({ ok: false, error: 'invalid-credentials' });
    expect(await accounts.login('nobody@example.com', 'pierwsze', req)).toEqual({ ok: false, error: 'invalid-credentials' });

    await accounts.requestPasswordReset('anna@example.com', { ...req, language: 'en' });
    await drain(accounts);
    const resetMail = (await mails()).at(-1)!;
    expect(resetMail.subject).toContain('Password reset');
    const resetId = linkIn(resetMail, 'reset-password');
    expect(await accounts.resetPassword(resetId, 'drugie-haslo', req)).toEqual({ ok: true });
    expect(await accounts.resetPassword(resetId, 'trzecie-haslo', req)).toEqual({ ok: false, error: 'invalid-link' });
    expect(await accounts.authenticate(session)).toBeNull();
    expect(await accounts.authenticate(login.ok ? login.token : '')).toBeNull();
    expect(await accounts.login('anna@example.com', 'pierwsze', req)).toEqual({ ok: false, error: 'invalid-credentials' });
    expect((await accounts.login('anna@example.com', 'drugie-haslo', req)).ok).toBe(true);
  });

  it('answers a second registration of an address the same way and tells the owner, in their language', async () => {
    const { accounts } = setup();
    await accounts.register({ ...anna, email: 'boss@example.com' }, { ...req, language: 'en' });
    expect(await accounts.register({ ...anna, email: 'BOSS@example.com', name: 'Intruder' }, req)).toEqual({ ok: true });
    const [, notice] = await mails();
    expect(notice).toMatchObject({ to: 'boss@example.com', subject: expect.stringContaining('Someone tried to register') });
    expect(await handle.db.selectFrom('user_personal_data').select('name').execute()).toEqual([{ name: 'Anna Kowalska' }]);
  });

  it('gives the admin role to addresses in ADMIN_EMAILS', async () => {
    const { accounts } = setup();
    await accounts.register({ ...anna, email: 'boss@example.com' }, req);
    const verified = await accounts.verifyEmail(linkIn((await mails())[0]!, 'verify-email'));
    expect(await accounts.authenticate(verified.ok ? verified.token : null)).toMatchObject({ role: 'admin' });
  });

  it('keeps names, e-mails and phones out of the event log', async () => {
    const { accounts } = setup();
    await accounts.register(anna, req);
    await accounts.register(anna, req);
    await accounts.requestPasswordReset(anna.email, req);
    await drain(accounts);
    const log = JSON.stringify(await handle.db.selectFrom('events').select(['data', 'metadata']).execute());
    for (const secret of ['Anna', 'anna@example.com', '600 100', 'pierwsze']) expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('rebuilds the read models from the log into identical tables', async () => {
    const { accounts, store } = setup();
    await accounts.register(anna, req);
    await accounts.register({ ...anna, email: 'ola@example.com' }, { ...req, language: 'en' });
    await accounts.verifyEmail(linkIn((await mails())[0]!, 'verify-email'));
    await accounts.requestPasswordReset('ola@example.com', req);
    await drain(accounts);
    await accounts.resetPassword(linkIn((await mails()).at(-1)!, 'reset-password'), 'nowe-haslo', req);
    const session = await accounts.login('ola@example.com', 'nowe-haslo', req);
    await accounts.logout(session.ok ? session.token : null, 'this');
    const snapshot = async () => ({
      users: await handle.db.selectFrom('users').selectAll().orderBy('id').execute(),
      tokens: await handle.db.selectFrom('account_tokens').selectAll().orderBy('token_hash').execute(),
      revoked: await handle.db.selectFrom('revoked_sessions').selectAll().orderBy('session_id').execute(),
    });
    const before = await snapshot();
    expect(before.users.map((u) => [u.status, u.token_version]).sort()).toEqual([['verified', 1], ['verified', 2]]);
    expect(before.revoked).toHaveLength(1);
    await store.rebuildProjections();
    expect(await snapshot()).toEqual(before);
  });

  it('counts rate limits in the database, so two instances share them', async () => {
    const limits = { forgot: { perIp: { max: 100, windowSeconds: 60 }, perKey: { max: 2, windowSeconds: 60 } } };
    const one = setup(limits).accounts;
    const two = setup(limits).accounts;
    expect(await one.requestPasswordReset('x@example.com', req)).toEqual({ ok: true });
    expect(await two.requestPasswordReset('X@example.com', { ...req, ip: '10.0.0.2' })).toEqual({ ok: true });
    expect(await one.requestPasswordReset('x@example.com', { ...req, ip: '10.0.0.3' })).toEqual({ ok: false, error: 'rate-limited' });
    expect(await two.requestPasswordReset('y@example.com', req)).toEqual({ ok: true });
  });
});
