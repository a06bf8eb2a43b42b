import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, UserRuleError, type UserCommand, type UserEvent } from '../../modules/accounts/user.ts';

/** given events → when command → then events, or the rule that refused. */
const given = (events: UserEvent[]) => {
  const state = events.reduce(evolve, initialState());
  return {
    when: (command: UserCommand) => ({
      thenEmits: (expected: UserEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefuses: (code: string) => {
        try {
          decide(command, state);
        } catch (error) {
          expect(error).toBeInstanceOf(UserRuleError);
          expect((error as UserRuleError).code).toBe(code);
          return;
        }
        throw new Error(`expected ${code}`);
      },
    }),
  };
};

const userId = 'u1';
const now = '2026-03-01T10:00:00.000Z';
const registered: UserEvent = { type: 'UserRegistered', data: { userId, language: 'pl', registeredAt: now } };
const linkSent: UserEvent = { type: 'VerificationEmailSent', data: { userId, tokenHash: 'v1', language: 'pl', expiresAt: '2026-03-03T10:00:00.000Z' } };
const verified: UserEvent = { type: 'EmailVerified', data: { userId, tokenHash: 'v1', verifiedAt: now } };
const resetAsked: UserEvent = { type: 'PasswordResetRequested', data: { userId, resetHash: 'r1', language: 'en', expiresAt: '2026-03-01T11:00:00.000Z' } };
const changed: UserEvent = { type: 'PasswordChanged', data: { userId, resetHash: 'r1', tokenVersion: 2, changedAt: now } };

describe('a new user', () => {
  it('registers and gets a verification link', () =>
    given([]).when({ type: 'Register', userId, language: 'pl', tokenHash: 'v1', expiresAt: linkSent.data.expiresAt as string, now })
      .thenEmits([registered, linkSent]));
  it('cannot verify, reset or be reported before registering', () => {
    given([]).when({ type: 'VerifyEmail', tokenHash: 'v1', now }).thenRefuses('not-registered');
    given([]).when({ type: 'ReportExistingAddress', language: 'en', now }).thenRefuses('not-registered');
  });
});

describe('a registered, unverified user', () => {
  it('cannot register twice', () =>
    given([registered, linkSent]).when({ type: 'Register', userId, language: 'en', tokenHash: 'v2', expiresAt: now, now }).thenRefuses('already-registered'));
  it('verifies with the link within 48 hours', () =>
    given([registered, linkSent]).when({ type: 'VerifyEmail', tokenHash: 'v1', now: '2026-03-03T09:59:59.000Z' }).thenEmits([verified].map((e) =>
      ({ ...e, data: { ...e.data, verifiedAt: '2026-03-03T09:59:59.000Z' } })) as UserEvent[]));
  it('refuses an expired link', () =>
    given([registered, linkSent]).when({ type: 'VerifyEmail', tokenHash: 'v1', now: '2026-03-03T10:00:00.000Z' }).thenRefuses('invalid-link'));
  it('refuses an unknown link', () =>
    given([registered, linkSent]).when({ type: 'VerifyEmail', tokenHash: 'nope', now }).thenRefuses('invalid-link'));
  it('gets a new link on request', () =>
    given([registered, linkSent]).when({ type: 'ResendVerification', tokenHash: 'v2', language: 'en', expiresAt: now })
      .thenEmits([{ type: 'VerificationEmailSent', data: { userId, tokenHash: 'v2', language: 'en', expiresAt: now } }]));
  it('is verified by a password reset, since the reset link came by e-mail', () =>
    given([registered, linkSent, resetAsked]).when({ type: 'ResetPassword', resetHash: 'r1', now })
      .thenEmits([changed, { type: 'EmailVerified', data: { userId, tokenHash: null, verifiedAt: now } }]));
});

describe('a verified user', () => {
  it('cannot use a verification link twice', () =>
    given([registered, linkSent, verified]).when({ type: 'VerifyEmail', tokenHash: 'v1', now }).thenRefuses('invalid-link'));
  it('gets no new verification link', () =>
    given([registered, linkSent, verified]).when({ type: 'ResendVerification', tokenHash: 'v2', language: 'pl', expiresAt: now }).thenEmits([]));
  it('is told about a registration attempt with their address', () =>
    given([registered, linkSent, verified]).when({ type: 'ReportExistingAddress', language: 'en', now })
      .thenEmits([{ type: 'RegistrationAttemptedWithExistingAddress', data: { userId, language: 'en', attemptedAt: now } }]));
  it('changes the password with a reset link within the hour, bumping the token version', () =>
    given([registered, linkSent, verified, resetAsked]).when({ type: 'ResetPassword', resetHash: 'r1', now: '2026-03-01T10:59:00.000Z' })
      .thenEmits([{ ...changed, data: { ...changed.data, changedAt: '2026-03-01T10:59:00.000Z' } } as UserEvent]));
  it('cannot use a reset link after an hour, twice, or after another password change', () => {
    given([registered, verified, resetAsked]).when({ type: 'ResetPassword', resetHash: 'r1', now: '2026-03-01T11:00:00.000Z' }).thenRefuses('invalid-link');
    given([registered, verified, resetAsked, changed]).when({ type: 'ResetPassword', resetHash: 'r1', now }).thenRefuses('invalid-link');
    const second: UserEvent = { type: 'PasswordResetRequested', data: { userId, resetHash: 'r2', language: 'en', expiresAt: '2026-03-01T11:00:00.000Z' } };
    given([registered, verified, resetAsked, second, changed]).when({ type: 'ResetPassword', resetHash: 'r2', now }).thenRefuses('invalid-link');
  });
});

describe('a retried mail request (the outbox delivered it twice)', () => {
  it('records a reset link only once', () =>
    given([registered, verified, resetAsked]).when({ type: 'RequestPasswordReset', resetHash: 'r1', language: 'en', expiresAt: '2026-03-01T11:00:00.000Z' }).thenEmits([]));
  it('records a verification link only once', () =>
    given([registered, linkSent]).when({ type: 'ResendVerification', tokenHash: 'v1', language: 'pl', expiresAt: now }).thenEmits([]));
});

describe('sessions of a verified user', () => {
  const endS1 = { type: 'EndSession', sessionId: 's1', tokenVersion: 1, expiresAt: '2026-03-08T10:00:00.000Z', now } as const;
  const ended: UserEvent = { type: 'SessionEnded', data: { userId, sessionId: 's1', expiresAt: endS1.expiresAt, endedAt: now } };
  const everywhere: UserEvent = { type: 'SignedOutEverywhere', data: { userId, tokenVersion: 2, signedOutAt: now } };

  it('logs one session out until its token would expire', () =>
    given([registered, linkSent, verified]).when(endS1).thenEmits([ended]));
  it('records nothing for a session already logged out', () =>
    given([registered, linkSent, verified, ended]).when(endS1).thenEmits([]));
  it('records nothing for a session already revoked by a password change or a log-out everywhere', () => {
    given([registered, linkSent, verified, resetAsked, changed]).when(endS1).thenEmits([]);
    given([registered, linkSent, verified, everywhere]).when(endS1).thenEmits([]);
  });
  it('logs out everywhere by bumping the token version', () =>
    given([registered, linkSent, verified]).when({ type: 'EndAllSessions', sessionId: 's1', tokenVersion: 1, now }).thenEmits([everywhere]));
  it('after a log-out everywhere, a session of the new version can do it again', () =>
    given([registered, linkSent, verified, everywhere]).when({ type: 'EndAllSessions', sessionId: 's2', tokenVersion: 2, now })
      .thenEmits([{ type: 'SignedOutEverywhere', data: { userId, tokenVersion: 3, signedOutAt: now } }]));
  it('does not let a revoked session log out the sessions that replaced it', () => {
    given([registered, linkSent, verified, everywhere]).when({ type: 'EndAllSessions', sessionId: 's1', tokenVersion: 1, now }).thenEmits([]);
    given([registered, linkSent, verified, ended]).when({ type: 'EndAllSessions', sessionId: 's1', tokenVersion: 1, now }).thenEmits([]);
  });
  it('cannot end sessions of an account that does not exist', () =>
    given([]).when(endS1).thenRefuses('not-registered'));
});
