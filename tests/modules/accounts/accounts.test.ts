import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestInfo } from '../../../modules/accounts/index.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { accountsInstance, drainOutbox, linkIn, outboxMails, refusal } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const req: RequestInfo = { ip: '10.0.0.1', language: 'pl' };

describe.each(backends)('accounts on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const setup = (opts: Parameters<typeof accountsInstance>[1] = {}) => accountsInstance(handle, { env: { ADMIN_EMAILS: 'Boss@Example.com' }, ...opts });
  const mails = () => outboxMails(handle);
  const anna = { name: 'Anna Kowalska', email: ' Anna@Example.com ', phone: '+48 600 100 200', password: 'pierwsze' };

  it('registers, verifies, logs in, resets the password and revokes the older session', async () => {
    const { accounts } = setup();
    await accounts.register(anna, req);
    const [verifyMail] = await mails();
    expect(verifyMail).toMatchObject({ to: 'Anna@Example.com', subject: expect.stringContaining('Potwierdź adres e-mail') });
    expect(verifyMail!.html).toContain('https://gestalt.test/verify-email/');
    expect(await refusal(accounts.login('anna@example.com', 'pierwsze', req))).toBe('unverified');

    const session = await accounts.verifyEmail(linkIn(verifyMail!, 'verify-email'));
    expect(await refusal(accounts.verifyEmail(linkIn(verifyMail!, 'verify-email')))).toBe('verify-link-invalid');
    expect(await accounts.authenticate(session)).toMatchObject({ name: 'Anna Kowalska', email: 'Anna@Example.com', phone: '+48 600 100 200', role: 'user' });

    const login = await accounts.login('ANNA@example.com', 'pierwsze', req);
    expect(await refusal(accounts.login('anna@example.com', 'wrong', req))).toBe('invalid-credentials');
    expect(await refusal(accounts.login('nobody@example.com', 'pierwsze', req))).toBe('invalid-credentials');

    await accounts.requestPasswordReset('anna@example.com', { ...req, language: 'en' });
    await drainOutbox(handle, accounts);
    const resetMail = (await mails()).at(-1)!;
    expect(resetMail.subject).toContain('Password reset');
    const resetId = linkIn(resetMail, 'reset-password');
    expect(await refusal(accounts.resetPassword(resetId, '12345', req))).toBe('password-too-short');
    await accounts.resetPassword(resetId, 'drugie-haslo', req);
    expect(await refusal(accounts.resetPassword(resetId, 'trzecie-haslo', req))).toBe('reset-link-invalid');
    expect(await refusal(accounts.resetPassword('no-such-link', 'trzecie-haslo', req))).toBe('reset-link-invalid');
    expect(await accounts.authenticate(session)).toBeNull();
    expect(await accounts.authenticate(login)).toBeNull();
    expect(await refusal(accounts.login('anna@example.com', 'pierwsze', req))).toBe('invalid-credentials');
    expect(await accounts.authenticate(await accounts.login('anna@example.com', 'drugie-haslo', req))).toMatchObject({ name: 'Anna Kowalska' });
  });

  it('answers a second registration of an address the same way and tells the owner, in their language', async () => {
    const { accounts } = setup();
    await accounts.register({ ...anna, email: 'boss@example.com' }, { ...req, language: 'en' });
    await expect(accounts.register({ ...anna, email: 'BOSS@example.com', name: 'Intruder' }, req)).resolves.toBeUndefined();
    const [, notice] = await mails();
    expect(notice).toMatchObject({ to: 'boss@example.com', subject: expect.stringContaining('Someone tried to register') });
    expect(await handle.db.selectFrom('user_personal_data').select('name').execute()).toEqual([{ name: 'Anna Kowalska' }]);
  });

  it('refuses a registration with a password of five characters and takes one of six', async () => {
    const { accounts } = setup();
    expect(await refusal(accounts.register({ ...anna, password: '12345' }, req))).toBe('password-too-short');
    expect(await mails()).toEqual([]);
    await accounts.register({ ...anna, password: '123456' }, req);
    expect(await mails()).toHaveLength(1);
  });

  it('gives the admin role to addresses in ADMIN_EMAILS', async () => {
    const { accounts } = setup();
    await accounts.register({ ...anna, email: 'boss@example.com' }, req);
    const session = await accounts.verifyEmail(linkIn((await mails())[0]!, 'verify-email'));
    expect(await accounts.authenticate(session)).toMatchObject({ role: 'admin' });
  });

  it('refuses a verification link after its 48 hours, and takes it at the last moment before', async () => {
    const clock = fixedClock('2026-03-01T10:00:00.000Z');
    const { accounts } = setup({ clock });
    await accounts.register(anna, req);
    await accounts.register({ ...anna, email: 'ola@example.com' }, req);
    const [annaLink, olaLink] = (await mails()).map((m) => linkIn(m, 'verify-email'));
    clock.advance(48 * 3_600_000 - 1);
    await accounts.verifyEmail(annaLink!);
    clock.advance(1);
    expect(await refusal(accounts.verifyEmail(olaLink!))).toBe('verify-link-invalid');
  });

  it('ends a session token seven days after it was signed, to the second', async () => {
    const clock = fixedClock('2026-03-01T10:00:00.000Z');
    const { accounts } = setup({ clock });
    await accounts.register(anna, req);
    const session = await accounts.verifyEmail(linkIn((await mails())[0]!, 'verify-email'));
    clock.advance(7 * 86_400_000 - 1000);
    expect(await accounts.authenticate(session)).toMatchObject({ name: 'Anna Kowalska' });
    clock.advance(1000);
    expect(await accounts.authenticate(session)).toBeNull();
  });

  it('keeps names, e-mails and phones out of the event log', async () => {
    const { accounts } = setup();
    await accounts.register(anna, req);
    await accounts.register(anna, req);
    await accounts.requestPasswordReset(anna.email, req);
    await drainOutbox(handle, accounts);
    const log = JSON.stringify(await handle.db.selectFrom('events').select(['data', 'metadata']).execute());
    for (const secret of ['Anna', 'anna@example.com', '600 100', 'pierwsze']) expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('rebuilds the read models from the log into identical tables', async () => {
    const { accounts, store } = setup();
    await accounts.register(anna, req);
    await accounts.register({ ...anna, email: 'ola@example.com' }, { ...req, language: 'en' });
    await accounts.verifyEmail(linkIn((await mails())[0]!, 'verify-email'));
    await accounts.requestPasswordReset('ola@example.com', req);
    await drainOutbox(handle, accounts);
    await accounts.resetPassword(linkIn((await mails()).at(-1)!, 'reset-password'), 'nowe-haslo', req);
    await accounts.logout(await accounts.login('ola@example.com', 'nowe-haslo', req), 'this');
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
    const one = setup({ limits }).accounts;
    const two = setup({ limits }).accounts;
    await one.requestPasswordReset('x@example.com', req);
    await two.requestPasswordReset('X@example.com', { ...req, ip: '10.0.0.2' });
    expect(await refusal(one.requestPasswordReset('x@example.com', { ...req, ip: '10.0.0.3' }))).toBe('rate-limited');
    await expect(two.requestPasswordReset('y@example.com', req)).resolves.toBeUndefined();
  });
});
