/**
 * One user account's stream: events, state, evolve, decide. Pure functions, no I/O.
 * Events carry ids, hashes of e-mailed secrets and times, never a name, e-mail or phone.
 */
export type Language = 'pl' | 'en';

export type UserEvent =
  | { type: 'UserRegistered'; data: { userId: string; language: Language; registeredAt: string } }
  | { type: 'VerificationEmailSent'; data: { userId: string; tokenHash: string; language: Language; expiresAt: string } }
  | { type: 'EmailVerified'; data: { userId: string; tokenHash: string | null; verifiedAt: string } }
  | { type: 'RegistrationAttemptedWithExistingAddress'; data: { userId: string; language: Language; attemptedAt: string } }
  | { type: 'PasswordResetRequested'; data: { userId: string; resetHash: string; language: Language; expiresAt: string } }
  | { type: 'PasswordChanged'; data: { userId: string; resetHash: string; tokenVersion: number; changedAt: string } }
  | { type: 'SessionEnded'; data: { userId: string; sessionId: string; expiresAt: string; endedAt: string } }
  | { type: 'SignedOutEverywhere'; data: { userId: string; tokenVersion: number; signedOutAt: string } };

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered', 'VerificationEmailSent', 'EmailVerified',
  'RegistrationAttemptedWithExistingAddress', 'PasswordResetRequested', 'PasswordChanged', 'SessionEnded', 'SignedOutEverywhere',
];

type Link = { expiresAt: string; used: boolean };

export type UserState =
  | { status: 'none' }
  | {
    status: 'registered';
    userId: string;
    verified: boolean;
    tokenVersion: number;
    verifyLinks: Record<string, Link>;
    resetLinks: Record<string, Link>;
    /** Sessions (token ids) logged out one by one; the others of an older token version ended with it. */
    endedSessions: Record<string, true>;
  };

export const initialState = (): UserState => ({ status: 'none' });

export const userStream = (userId: string) => `user-${userId}`;

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    return { status: 'registered', userId: event.data.userId, verified: false, tokenVersion: 1, verifyLinks: {}, resetLinks: {}, endedSessions: {} };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'VerificationEmailSent':
      return { ...state, verifyLinks: { ...state.verifyLinks, [event.data.tokenHash]: { expiresAt: event.data.expiresAt, used: false } } };
    case 'EmailVerified':
      // Once verified, every verification link is spent.
      return { ...state, verified: true, verifyLinks: spendAll(state.verifyLinks) };
    case 'PasswordResetRequested':
      return { ...state, resetLinks: { ...state.resetLinks, [event.data.resetHash]: { expiresAt: event.data.expiresAt, used: false } } };
    case 'PasswordChanged':
      // A changed password spends every reset link issued so far, not only the one used.
      return { ...state, tokenVersion: event.data.tokenVersion, resetLinks: spendAll(state.resetLinks) };
    case 'SessionEnded':
      return { ...state, endedSessions: { ...state.endedSessions, [event.data.sessionId]: true } };
    case 'SignedOutEverywhere':
      return { ...state, tokenVersion: event.data.tokenVersion };
    case 'RegistrationAttemptedWithExistingAddress':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const spendAll = (links: Record<string, Link>) =>
  Object.fromEntries(Object.entries(links).map(([hash, link]) => [hash, { ...link, used: true }]));

export type UserCommand =
  | { type: 'Register'; userId: string; language: Language; tokenHash: string; expiresAt: string; now: string }
  | { type: 'ReportExistingAddress'; language: Language; now: string }
  | { type: 'ResendVerification'; tokenHash: string; language: Language; expiresAt: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'RequestPasswordReset'; resetHash: string; language: Language; expiresAt: string }
  | { type: 'ResetPassword'; resetHash: string; now: string }
  /** The session a token names (`sessionId`, issued under `tokenVersion`) logs out; `expiresAt` is the token's own expiry. */
  | { type: 'EndSession'; sessionId: string; tokenVersion: number; expiresAt: string; now: string }
  /** The session a token names logs out every session of its user, itself included. */
  | { type: 'EndAllSessions'; sessionId: string; tokenVersion: number; now: string };

export type UserError = 'already-registered' | 'not-registered' | 'invalid-link';

export class UserRuleError extends Error {
  override readonly name = 'UserRuleError';
  readonly code: UserError;
  constructor(code: UserError) {
    super(code);
    this.code = code;
  }
}

/** A session is live while its token version is the current one and it has not logged out on its own. */
const liveSession = (state: Extract<UserState, { status: 'registered' }>, sessionId: string, tokenVersion: number) =>
  tokenVersion === state.tokenVersion && !state.endedSessions[sessionId];

const usable = (link: Link | undefined, now: string): link is Link =>
  link !== undefined && !link.used && Date.parse(now) < Date.parse(link.expiresAt);

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'Register') {
    if (state.status !== 'none') throw new UserRuleError('already-registered');
    const { userId, language, tokenHash, expiresAt, now } = command;
    return [
      { type: 'UserRegistered', data: { userId, language, registeredAt: now } },
      { type: 'VerificationEmailSent', data: { userId, tokenHash, language, expiresAt } },
    ];
  }
  if (state.status !== 'registered') throw new UserRuleError('not-registered');
  const { userId } = state;
  switch (command.type) {
    case 'ReportExistingAddress':
      return [{ type: 'RegistrationAttemptedWithExistingAddress', data: { userId, language: command.language, attemptedAt: command.now } }];
    case 'ResendVerification':
      // A retried delivery of the same request brings the same link: it is already on the stream.
      if (state.verified || state.verifyLinks[command.tokenHash]) return [];
      return [{ type: 'VerificationEmailSent', data: { userId, tokenHash: command.tokenHash, language: command.language, expiresAt: command.expiresAt } }];
    case 'VerifyEmail':
      if (!usable(state.verifyLinks[command.tokenHash], command.now)) throw new UserRuleError('invalid-link');
      return [{ type: 'EmailVerified', data: { userId, tokenHash: command.tokenHash, verifiedAt: command.now } }];
    case 'RequestPasswordReset':
      if (state.resetLinks[command.resetHash]) return [];
      return [{ type: 'PasswordResetRequested', data: { userId, resetHash: command.resetHash, language: command.language, expiresAt: command.expiresAt } }];
    case 'ResetPassword': {
      if (!usable(state.resetLinks[command.resetHash], command.now)) throw new UserRuleError('invalid-link');
      const changed: UserEvent = { type: 'PasswordChanged', data: { userId, resetHash: command.resetHash, tokenVersion: state.tokenVersion + 1, changedAt: command.now } };
      // The reset link arrived by e-mail, which proves the address as well as a verification link does.
      return state.verified ? [changed] : [changed, { type: 'EmailVerified', data: { userId, tokenHash: null, verifiedAt: command.now } }];
    }
    case 'EndSession':
      // Already over (logged out before, or revoked by a password change or a log-out everywhere): nothing to record.
      if (!liveSession(state, command.sessionId, command.tokenVersion)) return [];
      return [{ type: 'SessionEnded', data: { userId, sessionId: command.sessionId, expiresAt: command.expiresAt, endedAt: command.now } }];
    case 'EndAllSessions':
      // A revoked token must not end the sessions that replaced it (a stolen old token would otherwise keep the owner out).
      if (!liveSession(state, command.sessionId, command.tokenVersion)) return [];
      return [{ type: 'SignedOutEverywhere', data: { userId, tokenVersion: state.tokenVersion + 1, signedOutAt: command.now } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}
