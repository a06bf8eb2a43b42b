import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestInfo } from '../../../modules/accounts/index.ts';
import { accountsInstance, drainOutbox, linkIn, outboxMails, refusal, verifiedUser } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { countsFor, defaultLimits } from '../../../modules/accounts/limits.ts';
import { fixedClock } from '../../../modules/shared/kernel/index.ts';
import { createRateLimiter } from '../../../modules/shared/rate-limit/index.ts';

/** Log-out, log-out everywhere, login throttling and queued mail requests, on two instances sharing one database. */
describe.each(backends)('accounts sessions and limits on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const req = (ip: string): RequestInfo => ({ ip, language: 'pl' });
  const login = (accounts: ReturnType<typeof accountsInstance>['accounts'], ip = '10.0.0.1', password = 'pierwsze') =>
    accounts.login('anna@example.com', password, req(ip));

  describe('given a user signed in on two devices', () => {
    it('when one device logs out, then its token fails on every instance while the other device stays signed in', async () => {
      const one = accountsInstance(handle).accounts;
      const two = accountsInstance(handle).accounts;
      const phone = await verifiedUser(handle, one, 'anna@example.com');
      const laptop = await login(two);
      await one.logout(phone, 'this');
      expect(await one.authenticate(phone)).toBeNull();
      expect(await two.authenticate(phone)).toBeNull();
      expect(await two.authenticate(laptop)).toMatchObject({ email: 'anna@example.com' });
      // Logging out again, or with a forged token, changes nothing and does not fail.
      await two.logout(phone, 'this');
      await two.logout('forged.token.here', 'everywhere');
      expect(await one.authenticate(laptop)).toMatchObject({ email: 'anna@example.com' });
    });

    it('when one device logs out everywhere, then every session ends on every instance, and a new login works', async () => {
      const one = accountsInstance(handle).accounts;
      const two = accountsInstance(handle).accounts;
      const phone = await verifiedUser(handle, one, 'anna@example.com');
      const laptop = await login(two);
      await two.logout(laptop, 'everywhere');
      expect(await one.authenticate(phone)).toBeNull();
      expect(await one.authenticate(laptop)).toBeNull();
      const fresh = await login(one);
      expect(await two.authenticate(fresh)).toMatchObject({ email: 'anna@example.com' });
      // The old, revoked token cannot end the new session.
      await one.logout(phone, 'everywhere');
      expect(await two.authenticate(fresh)).toMatchObject({ email: 'anna@example.com' });
    });

    it('when a device logs out, then revocations of tokens that have expired anyway are purged', async () => {
      const { accounts } = accountsInstance(handle);
      const token = await verifiedUser(handle, accounts, 'anna@example.com');
      await handle.db.insertInto('revoked_sessions').values({ session_id: 'old', user_id: 'x', expires_at: '2020-01-01T00:00:00Z' }).execute();
      await accounts.logout(token, 'this');
      expect((await handle.db.selectFrom('revoked_sessions').select('session_id').execute()).map((r) => r.session_id)).not.toContain('old');
      expect(await handle.db.selectFrom('revoked_sessions').select('session_id').execute()).toHaveLength(1);
    });
  });

  describe('given someone guessing the password of an address from one client address', () => {
    it('when they pass the limit, then they get rate-limited while the owner, from another client, still logs in', async () => {
      const { accounts } = accountsInstance(handle, { limits: { login: { perIp: { max: 100, windowSeconds: 60 }, perKeyAndIp: { max: 3, windowSeconds: 60 } } } });
      await verifiedUser(handle, accounts, 'anna@example.com');
      for (let i = 0; i < 3; i++) expect(await refusal(accounts.login('anna@example.com', `guess${i}`, req('203.0.113.9')))).toBe('invalid-credentials');
      expect(await refusal(accounts.login('Anna@example.com', 'pierwsze', req('203.0.113.9')))).toBe('rate-limited');
      expect(await accounts.authenticate(await accounts.login('anna@example.com', 'pierwsze', req('198.51.100.7')))).not.toBeNull();
      // The same client may still try other addresses, up to its own generous limit.
      expect(await refusal(accounts.login('ola@example.com', 'x', req('203.0.113.9')))).toBe('invalid-credentials');
    });

    it('when they use the real limits, then the tenth guess in 15 minutes is answered and the eleventh refused, until the window ends', async () => {
      const clock = fixedClock('2026-03-01T10:00:00.000Z');
      const limiter = createRateLimiter(handle.db, { clock });
      const guess = () => limiter.exceeded(...countsFor(defaultLimits.login, 'login', '203.0.113.9', 'anna@example.com'));
      const answers: boolean[] = [];
      for (let i = 0; i < 11; i++) answers.push(await guess());
      expect(answers).toEqual([...Array(10).fill(false), true]);
      clock.advance(15 * 60_000 - 1);
      expect(await guess()).toBe(true);
      clock.advance(1);
      expect(await guess()).toBe(false);
    });

    it('when they change address within one IPv6 /64 (or write IPv4 as IPv6), then it counts as the same client', async () => {
      const { accounts } = accountsInstance(handle, { limits: { login: { perIp: { max: 100, windowSeconds: 60 }, perKeyAndIp: { max: 2, windowSeconds: 60 } } } });
      const attempt = (email: string, ip: string) => refusal(accounts.login(email, 'wrong', req(ip)));
      expect(await attempt('anna@example.com', '2001:db8:1:2::1')).toBe('invalid-credentials');
      expect(await attempt('anna@example.com', '2001:0db8:0001:0002:ffff::9')).toBe('invalid-credentials');
      expect(await attempt('anna@example.com', '2001:db8:1:2:abcd:1:2:3')).toBe('rate-limited');
      expect(await attempt('anna@example.com', '2001:db8:1:3::1')).toBe('invalid-credentials');
      expect(await attempt('ola@example.com', '192.0.2.1')).toBe('invalid-credentials');
      expect(await attempt('ola@example.com', '::ffff:192.0.2.1')).toBe('invalid-credentials');
      expect(await attempt('ola@example.com', '192.0.2.1')).toBe('rate-limited');
    });
  });

  describe('given a forgot-password or resend request', () => {
    it('when it is made, then the answer does not depend on the address and no lookup or mail happens until the worker runs', async () => {
      const { accounts } = accountsInstance(handle);
      await verifiedUser(handle, accounts, 'anna@example.com');
      await accounts.register({ name: 'Ola', email: 'ola@example.com', phone: '1', password: 'pierwsze' }, req('10.0.0.1'));
      const before = (await outboxMails(handle)).length;
      await accounts.requestPasswordReset('anna@example.com', req('10.0.0.2'));
      await accounts.requestPasswordReset('ghost@example.com', req('10.0.0.2'));
      await accounts.resendVerification('ola@example.com', req('10.0.0.2'));
      await accounts.resendVerification('ghost@example.com', req('10.0.0.2'));
      await accounts.resendVerification('anna@example.com', req('10.0.0.2'));
      expect(await outboxMails(handle)).toHaveLength(before);

      await drainOutbox(handle, accounts);
      const sent = (await outboxMails(handle)).slice(before);
      expect(sent.map((m) => [m.to, m.subject.split(' · ')[0]])).toEqual([['anna@example.com', 'Reset hasła'], ['ola@example.com', 'Potwierdź adres e-mail']]);
      expect(sent[0]!.text).toContain('https://gestalt.test/reset-password/');
      expect(await accounts.authenticate(await accounts.verifyEmail(linkIn(sent[1]!, 'verify-email')))).toMatchObject({ email: 'ola@example.com' });
    });

    it('when the worker handles one request twice (a crash before it marked it done), then the mail is written once', async () => {
      const { accounts } = accountsInstance(handle);
      await verifiedUser(handle, accounts, 'anna@example.com');
      await accounts.requestPasswordReset('anna@example.com', req('10.0.0.2'));
      const [queued] = await handle.db.selectFrom('outbox').select('payload').where('topic', '=', 'accounts.mail-request').execute();
      const before = (await outboxMails(handle)).length;
      for (const handler of [accounts.outboxHandlers['accounts.mail-request']!, accounts.outboxHandlers['accounts.mail-request']!]) {
        await handler(queued!.payload, { id: 1, topic: 'accounts.mail-request', attempts: 1, claimToken: 'test' });
      }
      const after = await outboxMails(handle);
      expect(after).toHaveLength(before + 1);
      await accounts.resetPassword(linkIn(after.at(-1)!, 'reset-password'), 'drugie-haslo', req('10.0.0.2'));
      expect(await refusal(accounts.login('anna@example.com', 'pierwsze', req('10.0.0.2')))).toBe('invalid-credentials');
    });
  });
});
