import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userDecider, type UserEvent } from '../../../modules/accounts/user.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { accountsInstance, drainOutbox, linkIn, outboxMails, refusal, verifiedUser } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const { given } = deciderSpec(userDecider);
const userId = 'a1';
const now = '2026-03-01T10:00:00.000Z';
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.parse(now) + ms).toISOString();
const created: UserEvent = { type: 'AdminAccountCreated', data: { userId, language: 'pl', createdAt: now } };
const issued: UserEvent = { type: 'AdminSignInIssued', data: { userId, tokenHash: 'h1', expiresAt: at(24 * HOUR) } };
const signIn = (when: string, tokenHash = 'h1') => ({ type: 'SignInWithAdminLink', tokenHash, now: when }) as const;

describe('the first admin\'s account (decider)', () => {
  it('is made verified, with a sign-in link valid for 24 hours', () =>
    given([]).when({ type: 'CreateFirstAdmin', userId, tokenHash: 'h1', alreadyMade: false, now }).then([created, issued]));
  it('is made only once per database: an earlier start already made it, so nothing happens', () =>
    given([]).when({ type: 'CreateFirstAdmin', userId, tokenHash: 'h1', alreadyMade: true, now }).thenNothing());
  it('signs in with its link until (not at) 24 hours, once', () => {
    given([created, issued]).when(signIn(at(24 * HOUR - 1))).then([{ type: 'AdminSignedIn', data: { userId, tokenHash: 'h1', signedInAt: at(24 * HOUR - 1) } }]);
    given([created, issued]).when(signIn(at(24 * HOUR))).thenThrows('admin-link-expired');
    given([created, issued, { type: 'AdminSignedIn', data: { userId, tokenHash: 'h1', signedInAt: now } }]).when(signIn(now)).thenThrows('admin-link-expired');
  });
  it('dies as soon as the account has a password or a session of its own, well within its 24 hours', () => {
    const resetAsked: UserEvent = { type: 'PasswordResetRequested', data: { userId, resetHash: 'r1', language: 'pl', expiresAt: at(HOUR) } };
    const passwordSet: UserEvent = { type: 'PasswordChanged', data: { userId, resetHash: 'r1', tokenVersion: 2, changedAt: at(1000) } };
    given([created, issued, resetAsked, passwordSet]).when(signIn(at(2000))).thenThrows('admin-link-expired');
    const loggedOut: UserEvent = { type: 'SessionEnded', data: { userId, sessionId: 's1', expiresAt: at(HOUR), endedAt: at(1000) } };
    given([created, issued, loggedOut]).when(signIn(at(2000))).thenThrows('admin-link-expired');
    const everywhere: UserEvent = { type: 'SignedOutEverywhere', data: { userId, tokenVersion: 2, signedOutAt: at(1000) } };
    given([created, issued, everywhere]).when(signIn(at(2000))).thenThrows('admin-link-expired');
  });
  it('spends every sign-in link of the account at the first use of one', () => {
    const second: UserEvent = { type: 'AdminSignInIssued', data: { userId, tokenHash: 'h2', expiresAt: at(24 * HOUR) } };
    given([created, issued, second, { type: 'AdminSignedIn', data: { userId, tokenHash: 'h1', signedInAt: now } }]).when(signIn(now, 'h2'))
      .thenThrows('admin-link-expired');
  });
  it('refuses a link it was never given, and any link on an account that does not exist', () => {
    given([created, issued]).when(signIn(now, 'other')).thenThrows('admin-link-invalid');
    given([]).when(signIn(now)).thenThrows('admin-link-invalid');
  });
  it('cannot sign in by password: it has none', () =>
    given([created, issued]).when({ type: 'SignIn', passwordMatches: false }).thenThrows('invalid-credentials'));
});

describe.each(backends)('the first start on an empty database, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());
  const env = { ADMIN_EMAILS: 'Szefowa@Example.com,zastepca@example.com' };
  const secretOf = (link: string) => link.split('/').pop()!;

  it('makes the first ADMIN_EMAILS address an admin with a sign-in link that works once, and only the first time', async () => {
    const clock = fixedClock(now);
    const { accounts } = accountsInstance(handle, { env, clock });
    const made = await accounts.bootstrapFirstAdmin();
    expect(made).toEqual({ email: 'szefowa@example.com', link: expect.stringMatching(/^https:\/\/gestalt\.test\/admin-sign-in\/[A-Za-z0-9_-]{43}$/) });
    expect(await accounts.bootstrapFirstAdmin()).toBeNull();
    // Only the hash of the link's secret is kept.
    const secret = secretOf(made!.link);
    expect(JSON.stringify(await handle.db.selectFrom('events').selectAll().execute())).not.toContain(secret);
    expect(JSON.stringify(await handle.db.selectFrom('account_tokens').selectAll().execute())).not.toContain(secret);

    expect(await accounts.users()).toMatchObject([{ email: 'szefowa@example.com', role: 'admin', name: 'Administrator', purchasedVideos: [] }]);
    expect(await refusal(accounts.login('szefowa@example.com', '!', { ip: '10.0.0.1', language: 'pl' }))).toBe('invalid-credentials');

    expect(await accounts.adminLinkStatus(secret)).toBe('valid');
    expect(await accounts.adminLinkStatus(secret)).toBe('valid');
    const token = await accounts.signInWithAdminLink(secret);
    expect(await accounts.authenticate(token)).toMatchObject({ email: 'szefowa@example.com', role: 'admin' });
    expect(await accounts.adminLinkStatus(secret)).toBe('expired');
    expect(await refusal(accounts.signInWithAdminLink(secret))).toBe('admin-link-expired');
    expect(await refusal(accounts.signInWithAdminLink('no-such-link'))).toBe('admin-link-invalid');
    expect(await accounts.adminLinkStatus('no-such-link')).toBe('invalid');
  });

  it('lets the link expire 24 hours after it was printed (fixed clock)', async () => {
    const clock = fixedClock(now);
    const { accounts } = accountsInstance(handle, { env, clock });
    const secret = secretOf((await accounts.bootstrapFirstAdmin())!.link);
    clock.advance(24 * HOUR - 1000);
    expect(await accounts.adminLinkStatus(secret)).toBe('valid');
    clock.advance(1000);
    expect(await accounts.adminLinkStatus(secret)).toBe('expired');
    expect(await refusal(accounts.signInWithAdminLink(secret))).toBe('admin-link-expired');
  });

  it('lets the first admin set a password through forgot-password, then log in with it; the unused link dies with that', async () => {
    const { accounts } = accountsInstance(handle, { env });
    const secret = secretOf((await accounts.bootstrapFirstAdmin())!.link);
    await accounts.requestPasswordReset('szefowa@example.com', { ip: '10.0.0.1', language: 'pl' });
    await drainOutbox(handle, accounts);
    const mail = (await outboxMails(handle)).findLast((m) => m.to === 'szefowa@example.com')!;
    await accounts.resetPassword(linkIn(mail, 'reset-password'), 'nowe-haslo', { ip: '10.0.0.1', language: 'pl' });
    const token = await accounts.login('Szefowa@example.com', 'nowe-haslo', { ip: '10.0.0.1', language: 'pl' });
    expect(await accounts.authenticate(token)).toMatchObject({ role: 'admin' });
    expect(await accounts.adminLinkStatus(secret)).toBe('expired');
    expect(await refusal(accounts.signInWithAdminLink(secret))).toBe('admin-link-expired');
  });

  it('rebuilds the same users and link tables from the log', async () => {
    const { accounts, store } = accountsInstance(handle, { env });
    await accounts.signInWithAdminLink(secretOf((await accounts.bootstrapFirstAdmin())!.link));
    const tables = async () => [
      await handle.db.selectFrom('users').selectAll().orderBy('id').execute(),
      await handle.db.selectFrom('account_tokens').selectAll().orderBy('token_hash').execute(),
    ];
    const before = await tables();
    expect(before[0]).toMatchObject([{ status: 'verified', token_version: 1 }]);
    await store.rebuildProjections();
    expect(await tables()).toEqual(before);
  });

  it('makes exactly one account when two instances start at once', async () => {
    const one = accountsInstance(handle, { env }).accounts;
    const two = accountsInstance(handle, { env }).accounts;
    const made = await Promise.all([one.bootstrapFirstAdmin(), two.bootstrapFirstAdmin(), one.bootstrapFirstAdmin()]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await one.users()).toHaveLength(1);
  });

  it('makes nothing on a database that already has users, or without an admin address in production', async () => {
    const { accounts } = accountsInstance(handle, { env });
    await verifiedUser(handle, accounts, 'anna@example.com');
    expect(await accounts.bootstrapFirstAdmin()).toBeNull();
    expect((await accounts.users()).map((u) => u.email)).toEqual(['anna@example.com']);
  });

  it('uses admin@localhost in development without ADMIN_EMAILS, and nothing in production', async () => {
    const production = accountsInstance(handle, { env: { NODE_ENV: 'production' } }).accounts;
    expect(await production.bootstrapFirstAdmin()).toBeNull();
    expect(await production.users()).toEqual([]);
    const development = accountsInstance(handle).accounts;
    expect((await development.bootstrapFirstAdmin())?.email).toBe('admin@localhost');
    expect(await development.users()).toMatchObject([{ email: 'admin@localhost', role: 'admin' }]);
  });
});
