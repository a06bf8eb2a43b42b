import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { MIN_PASSWORD_LENGTH, userDecider, type UserEvent } from '../../../modules/accounts/user.ts';

/** One account's rules, given its events, when a command, then the events it records or the rule that refuses. */
const { given } = deciderSpec(userDecider);

const userId = 'u1';
const now = '2026-03-01T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(now) + ms).toISOString();
const HOUR = 3_600_000;
const registered: UserEvent = { type: 'UserRegistered', data: { userId, language: 'pl', registeredAt: now } };
const linkSent: UserEvent = { type: 'VerificationEmailSent', data: { userId, tokenHash: 'v1', language: 'pl', expiresAt: at(48 * HOUR) } };
const verified: UserEvent = { type: 'EmailVerified', data: { userId, tokenHash: 'v1', verifiedAt: now } };
const resetAsked: UserEvent = { type: 'PasswordResetRequested', data: { userId, resetHash: 'r1', language: 'en', expiresAt: at(HOUR) } };
const changed: UserEvent = { type: 'PasswordChanged', data: { userId, resetHash: 'r1', tokenVersion: 2, changedAt: now } };
const register = { type: 'Register', userId, name: 'Anna Nowak', language: 'pl', tokenHash: 'v1', passwordLength: 6, now } as const;
const verify = (when: string) => ({ type: 'VerifyEmail', tokenHash: 'v1', now: when }) as const;
const reset = (when: string, passwordLength = 8) => ({ type: 'ResetPassword', resetHash: 'r1', passwordLength, now: when }) as const;

describe('a new user', () => {
  it('registers with a password of six characters and gets a verification link valid for 48 hours', () =>
    given([]).when(register).then([registered, linkSent]));
  it('cannot register with a password of five characters', () =>
    given([]).when({ ...register, passwordLength: MIN_PASSWORD_LENGTH - 1 }).thenThrows('password-too-short'));
  it('registers with a name of letters and the punctuation names use, in any script, up to 100 characters', () => {
    const names = ["Łucja Żółć-Gęś", "Seán O'Brien", 'J. R. Nowak Jr.', 'Zoë D’Arcy', 'Ngô Bảo Châu', 'Ана Петрова', 'a'.repeat(100),
      // A letter followed by its combining mark (NFD), as some keyboards and systems send it.
      'Zofia Lo\u0301pez'];
    for (const name of names) given([]).when({ ...register, name }).then([registered, linkSent]);
  });
  it('cannot register with a name over lines, with a link, an address, digits or other signs, or over 100 characters', () => {
    const names = [
      'Anna\nKowalska', 'Anna\r\nBcc: x@evil.example', 'Odbierz nagrodę na https://evil.example', 'evil.example', 'www.evil.example',
      'Anna anna@evil.example', 'Agent 007', 'Anna <b>Nowak</b>', 'Anna  Nowak', '-Anna', "'Anna", 'Anna-', 'Anna..', '.Anna', 'Anna\tNowak',
      'Anna Nowak/Kowalska', 'Anna:Nowak', '', ' ', 'a'.repeat(101), '\u0301Anna',
    ];
    for (const name of names) given([]).when({ ...register, name }).thenThrows('invalid-name');
  });
  it('cannot verify or be reported before registering', () => {
    given([]).when(verify(now)).thenThrows('not-registered');
    given([]).when({ type: 'ReportExistingAddress', language: 'en', now }).thenThrows('not-registered');
  });
  it('cannot sign in: an unknown address gets the wrong-password answer', () =>
    given([]).when({ type: 'SignIn', passwordMatches: false }).thenThrows('invalid-credentials'));
});

describe('a registered, unverified user', () => {
  it('cannot register twice', () =>
    given([registered, linkSent]).when({ ...register, language: 'en', tokenHash: 'v2' }).thenThrows('already-registered'));
  it('verifies with the link at the last moment of its 48 hours', () =>
    given([registered, linkSent]).when(verify(at(48 * HOUR - 1)))
      .then([{ type: 'EmailVerified', data: { userId, tokenHash: 'v1', verifiedAt: at(48 * HOUR - 1) } }]));
  it('cannot verify once the 48 hours are over', () =>
    given([registered, linkSent]).when(verify(at(48 * HOUR))).thenThrows('verify-link-invalid'));
  it('cannot verify with a link it was not sent', () =>
    given([registered, linkSent]).when({ type: 'VerifyEmail', tokenHash: 'nope', now }).thenThrows('verify-link-invalid'));
  it('gets a new link on request, valid 48 hours from then', () =>
    given([registered, linkSent]).when({ type: 'ResendVerification', tokenHash: 'v2', language: 'en', now: at(HOUR) })
      .then([{ type: 'VerificationEmailSent', data: { userId, tokenHash: 'v2', language: 'en', expiresAt: at(49 * HOUR) } }]));
  it('is told it is unverified when it signs in with the right password, and told nothing more with a wrong one', () => {
    given([registered, linkSent]).when({ type: 'SignIn', passwordMatches: true }).thenThrows('unverified', { unverified: true });
    given([registered, linkSent]).when({ type: 'SignIn', passwordMatches: false }).thenThrows('invalid-credentials');
  });
  it('is verified by a password reset, since the reset link came by e-mail', () =>
    given([registered, linkSent, resetAsked]).when(reset(now))
      .then([changed, { type: 'EmailVerified', data: { userId, tokenHash: null, verifiedAt: now } }]));
});

describe('a verified user', () => {
  it('signs in with the right password and records nothing', () =>
    given([registered, linkSent, verified]).when({ type: 'SignIn', passwordMatches: true }).thenNothing());
  it('cannot sign in with a wrong password', () =>
    given([registered, linkSent, verified]).when({ type: 'SignIn', passwordMatches: false }).thenThrows('invalid-credentials'));
  it('cannot use a verification link twice (a spent link)', () =>
    given([registered, linkSent, verified]).when(verify(at(1))).thenThrows('verify-link-invalid'));
  it('gets no new verification link', () =>
    given([registered, linkSent, verified]).when({ type: 'ResendVerification', tokenHash: 'v2', language: 'pl', now }).thenNothing());
  it('is told about a registration attempt with their address', () =>
    given([registered, linkSent, verified]).when({ type: 'ReportExistingAddress', language: 'en', now })
      .then([{ type: 'RegistrationAttemptedWithExistingAddress', data: { userId, language: 'en', attemptedAt: now } }]));
  it('asks for a reset link valid for one hour', () =>
    given([registered, linkSent, verified]).when({ type: 'RequestPasswordReset', resetHash: 'r1', language: 'en', now }).then([resetAsked]));
  it('changes the password at the last moment of the reset link\'s hour, bumping the token version', () =>
    given([registered, linkSent, verified, resetAsked]).when(reset(at(HOUR - 1)))
      .then([{ ...changed, data: { ...changed.data, changedAt: at(HOUR - 1) } } as UserEvent]));
  it('cannot use a reset link once its hour is over', () =>
    given([registered, verified, resetAsked]).when(reset(at(HOUR))).thenThrows('reset-link-invalid'));
  it('cannot use a reset link twice, or after another password change', () => {
    given([registered, verified, resetAsked, changed]).when(reset(now)).thenThrows('reset-link-invalid');
    const second: UserEvent = { type: 'PasswordResetRequested', data: { userId, resetHash: 'r2', language: 'en', expiresAt: at(HOUR) } };
    given([registered, verified, resetAsked, second, changed]).when({ ...reset(now), resetHash: 'r2' }).thenThrows('reset-link-invalid');
  });
  it('sets a new password of six characters but not of five', () => {
    given([registered, verified, resetAsked]).when(reset(now, MIN_PASSWORD_LENGTH)).then([changed]);
    given([registered, verified, resetAsked]).when(reset(now, MIN_PASSWORD_LENGTH - 1)).thenThrows('password-too-short');
  });
});

describe('a retried mail request (the outbox delivered it twice)', () => {
  it('records a reset link only once', () =>
    given([registered, verified, resetAsked]).when({ type: 'RequestPasswordReset', resetHash: 'r1', language: 'en', now }).thenNothing());
  it('records a verification link only once', () =>
    given([registered, linkSent]).when({ type: 'ResendVerification', tokenHash: 'v1', language: 'pl', now }).thenNothing());
});

describe('sessions of a verified user', () => {
  const endS1 = { type: 'EndSession', sessionId: 's1', tokenVersion: 1, expiresAt: '2026-03-08T10:00:00.000Z', now } as const;
  const ended: UserEvent = { type: 'SessionEnded', data: { userId, sessionId: 's1', expiresAt: endS1.expiresAt, endedAt: now } };
  const everywhere: UserEvent = { type: 'SignedOutEverywhere', data: { userId, tokenVersion: 2, signedOutAt: now } };

  it('logs a session that has not ended out, until its token would expire', () =>
    given([registered, linkSent, verified]).when(endS1).then([ended]));
  it('records nothing for a session already ended', () =>
    given([registered, linkSent, verified, ended]).when(endS1).thenNothing());
  it('records nothing for a session already revoked by a password change or a log-out everywhere', () => {
    given([registered, linkSent, verified, resetAsked, changed]).when(endS1).thenNothing();
    given([registered, linkSent, verified, everywhere]).when(endS1).thenNothing();
  });
  it('logs out everywhere by bumping the token version', () =>
    given([registered, linkSent, verified]).when({ type: 'EndAllSessions', sessionId: 's1', tokenVersion: 1, now }).then([everywhere]));
  it('after a log-out everywhere, a session of the new version can do it again', () =>
    given([registered, linkSent, verified, everywhere]).when({ type: 'EndAllSessions', sessionId: 's2', tokenVersion: 2, now })
      .then([{ type: 'SignedOutEverywhere', data: { userId, tokenVersion: 3, signedOutAt: now } }]));
  it('does not let an ended session log out the sessions that replaced it', () => {
    given([registered, linkSent, verified, everywhere]).when({ type: 'EndAllSessions', sessionId: 's1', tokenVersion: 1, now }).thenNothing();
    given([registered, linkSent, verified, ended]).when({ type: 'EndAllSessions', sessionId: 's1', tokenVersion: 1, now }).thenNothing();
  });
  it('cannot end sessions of an account that does not exist', () =>
    given([]).when(endS1).thenThrows('not-registered'));
  it('keeps the new token version in its state after a password change', () =>
    expect(given([registered, linkSent, verified, resetAsked]).when(reset(now)).state()).toMatchObject({ tokenVersion: 2, verified: true }));
});

describe('deleting a user (admin)', () => {
  const userDeleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: now } };
  const remove = { type: 'DeleteUser', isAdmin: false, now } as const;
  it('deletes a registered user, verified or not', () => {
    given([registered, linkSent]).when(remove).then([userDeleted]);
    given([registered, linkSent, verified]).when(remove).then([userDeleted]);
  });
  it('cannot delete an admin\'s account', () =>
    given([registered, linkSent, verified]).when({ ...remove, isAdmin: true }).thenThrows('cannot-delete-admin'));
  it('cannot delete an id that never registered, nor a user already deleted', () => {
    given([]).when(remove).thenThrows('not-registered');
    given([registered, linkSent, userDeleted]).when(remove).thenThrows('not-registered');
  });
  it('a deleted user cannot sign in, verify, reset a password or register again on that stream', () => {
    const history = [registered, linkSent, resetAsked, userDeleted];
    given(history).when({ type: 'SignIn', passwordMatches: true }).thenThrows('invalid-credentials');
    given(history).when(verify(now)).thenThrows('not-registered');
    given(history).when(reset(now)).thenThrows('not-registered');
    given(history).when(register).thenThrows('already-registered');
  });
});
