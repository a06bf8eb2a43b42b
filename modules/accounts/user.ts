import { DomainError, type Decider } from '../shared/kernel/index.ts';
import { isPersonName } from '../shared/text/index.ts';

/**
 * One user account's stream: vocabulary, evolve, decide. Pure functions, no I/O; time arrives in the command.
 * Events carry ids, hashes of e-mailed secrets and times, never a name, e-mail or phone.
 */
export type Language = 'pl' | 'en';

/** A verification link works for 48 hours, a password-reset link for one hour; each works once. */
export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_HOURS = 1;
/**
 * The first admin's sign-in link (printed to the log at the first start) works for 24 hours, once, and no longer
 * once the account has a session of its own or a password.
 */
export const ADMIN_LINK_HOURS = 24;
/** Password rule of registration and reset alike (spec §5 and §9: at least 6 characters). */
export const MIN_PASSWORD_LENGTH = 6;
export const passwordLongEnough = (password: string) => password.length >= MIN_PASSWORD_LENGTH;

export type UserEvent =
  | { type: 'UserRegistered'; data: { userId: string; language: Language; registeredAt: string } }
  | { type: 'VerificationEmailSent'; data: { userId: string; tokenHash: string; language: Language; expiresAt: string } }
  | { type: 'EmailVerified'; data: { userId: string; tokenHash: string | null; verifiedAt: string } }
  | { type: 'RegistrationAttemptedWithExistingAddress'; data: { userId: string; language: Language; attemptedAt: string } }
  | { type: 'PasswordResetRequested'; data: { userId: string; resetHash: string; language: Language; expiresAt: string } }
  | { type: 'PasswordChanged'; data: { userId: string; resetHash: string; tokenVersion: number; changedAt: string } }
  | { type: 'SessionEnded'; data: { userId: string; sessionId: string; expiresAt: string; endedAt: string } }
  | { type: 'SignedOutEverywhere'; data: { userId: string; tokenVersion: number; signedOutAt: string } }
  /** An admin deleted the account (the actor is in the metadata); its personal data was erased beside this event. */
  | { type: 'UserDeleted'; data: { userId: string; deletedAt: string } }
  /** The first start on an empty database made the first admin's account: verified, with no password (see first-admin.ts). */
  | { type: 'AdminAccountCreated'; data: { userId: string; language: Language; createdAt: string } }
  | { type: 'AdminSignInIssued'; data: { userId: string; tokenHash: string; expiresAt: string } }
  | { type: 'AdminSignedIn'; data: { userId: string; tokenHash: string; signedInAt: string } };

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered', 'VerificationEmailSent', 'EmailVerified',
  'RegistrationAttemptedWithExistingAddress', 'PasswordResetRequested', 'PasswordChanged', 'SessionEnded', 'SignedOutEverywhere', 'UserDeleted',
  'AdminAccountCreated', 'AdminSignInIssued', 'AdminSignedIn',
];

type Link = { expiresAt: string; used: boolean };

type Registered = {
  status: 'registered';
  userId: string;
  verified: boolean;
  tokenVersion: number;
  verifyLinks: Record<string, Link>;
  resetLinks: Record<string, Link>;
  /** The first admin's one-time sign-in links. */
  adminLinks: Record<string, Link>;
  /** Sessions (token ids) logged out one by one; the others of an older token version ended with it. */
  endedSessions: Record<string, true>;
};
export type UserState = { status: 'none' } | Registered | { status: 'deleted'; userId: string };

export const userStream = (userId: string) => `user-${userId}`;

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered' || event.type === 'AdminAccountCreated') {
    return { status: 'registered', userId: event.data.userId, verified: event.type === 'AdminAccountCreated', tokenVersion: 1,
      verifyLinks: {}, resetLinks: {}, adminLinks: {}, endedSessions: {} };
  }
  if (event.type === 'UserDeleted') return { status: 'deleted', userId: event.data.userId };
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
      // A changed password spends every reset link issued so far, not only the one used, and the first admin's
      // sign-in link: an account with a password signs in with it.
      return { ...state, tokenVersion: event.data.tokenVersion, resetLinks: spendAll(state.resetLinks), adminLinks: spendAll(state.adminLinks) };
    case 'SessionEnded':
      // A session that ended was a session: the first admin's link has done its work.
      return { ...state, endedSessions: { ...state.endedSessions, [event.data.sessionId]: true }, adminLinks: spendAll(state.adminLinks) };
    case 'SignedOutEverywhere':
      return { ...state, tokenVersion: event.data.tokenVersion, adminLinks: spendAll(state.adminLinks) };
    case 'AdminSignInIssued':
      return { ...state, adminLinks: { ...state.adminLinks, [event.data.tokenHash]: { expiresAt: event.data.expiresAt, used: false } } };
    case 'AdminSignedIn':
      // The first use spends it, and any other sign-in link the account holds.
      return { ...state, adminLinks: spendAll(state.adminLinks) };
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
  /** `name` is checked here and kept beside the event (user_personal_data), never in it. */
  | { type: 'Register'; userId: string; name: string; language: Language; tokenHash: string; passwordLength: number; now: string }
  | { type: 'ReportExistingAddress'; language: Language; now: string }
  | { type: 'ResendVerification'; tokenHash: string; language: Language; now: string }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  /** Signing in records nothing: the stream only says whether this user may get a session. */
  | { type: 'SignIn'; passwordMatches: boolean }
  | { type: 'RequestPasswordReset'; resetHash: string; language: Language; now: string }
  | { type: 'ResetPassword'; resetHash: string; passwordLength: number; now: string }
  /** The session a token names (`sessionId`, issued under `tokenVersion`) logs out; `expiresAt` is the token's own expiry. */
  | { type: 'EndSession'; sessionId: string; tokenVersion: number; expiresAt: string; now: string }
  /** The session a token names logs out every session of its user, itself included. */
  | { type: 'EndAllSessions'; sessionId: string; tokenVersion: number; now: string }
  /** An admin deletes the account; `isAdmin` says whether its address is one of ADMIN_EMAILS (read with its personal data). */
  | { type: 'DeleteUser'; isAdmin: boolean; now: string }
  /**
   * The first start makes the first admin's account with a sign-in link; `alreadyMade` (read in the same
   * transaction) says an earlier start, on this or another instance, already did: then nothing happens.
   */
  | { type: 'CreateFirstAdmin'; userId: string; tokenHash: string; alreadyMade: boolean; now: string }
  /** The first admin follows the sign-in link. */
  | { type: 'SignInWithAdminLink'; tokenHash: string; now: string };

export type UserErrorCode =
  | 'already-registered' | 'not-registered' | 'verify-link-invalid' | 'reset-link-invalid'
  | 'password-too-short' | 'invalid-name' | 'invalid-credentials' | 'unverified' | 'cannot-delete-admin'
  | 'admin-link-invalid' | 'admin-link-expired';

const refuse = (code: UserErrorCode, data: Record<string, unknown> = {}) => new DomainError(code, data);
const hoursAfter = (now: string, hours: number) => new Date(Date.parse(now) + hours * 3_600_000).toISOString();

/** A session is live while its token version is the current one and it has not logged out on its own. */
const liveSession = (state: Registered, sessionId: string, tokenVersion: number) =>
  tokenVersion === state.tokenVersion && !state.endedSessions[sessionId];

/** A link works until (not at) its expiry, and only once. */
const usable = (link: Link | undefined, now: string): link is Link =>
  link !== undefined && !link.used && Date.parse(now) < Date.parse(link.expiresAt);

function decideRegistered(command: Exclude<UserCommand, { type: 'Register' }>, state: Registered): UserEvent[] {
  const { userId } = state;
  switch (command.type) {
    case 'ReportExistingAddress':
      return [{ type: 'RegistrationAttemptedWithExistingAddress', data: { userId, language: command.language, attemptedAt: command.now } }];
    case 'ResendVerification':
      // A verified address needs no link; a retried delivery of the same request brings a link already on the stream.
      if (state.verified || state.verifyLinks[command.tokenHash]) return [];
      return [{ type: 'VerificationEmailSent', data: { userId, tokenHash: command.tokenHash, language: command.language, expiresAt: hoursAfter(command.now, VERIFY_LINK_HOURS) } }];
    case 'VerifyEmail':
      if (!usable(state.verifyLinks[command.tokenHash], command.now)) throw refuse('verify-link-invalid');
      return [{ type: 'EmailVerified', data: { userId, tokenHash: command.tokenHash, verifiedAt: command.now } }];
    case 'SignIn':
      // An unverified address is told so only to someone who knows its password.
      if (!command.passwordMatches) throw refuse('invalid-credentials');
      if (!state.verified) throw refuse('unverified', { unverified: true });
      return [];
    case 'RequestPasswordReset':
      if (state.resetLinks[command.resetHash]) return [];
      return [{ type: 'PasswordResetRequested', data: { userId, resetHash: command.resetHash, language: command.language, expiresAt: hoursAfter(command.now, RESET_LINK_HOURS) } }];
    case 'ResetPassword': {
      if (!usable(state.resetLinks[command.resetHash], command.now)) throw refuse('reset-link-invalid');
      if (command.passwordLength < MIN_PASSWORD_LENGTH) throw refuse('password-too-short');
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
    case 'DeleteUser':
      // An admin's account cannot be deleted (spec 5: the panel offers no delete button for admins; the API refuses too).
      if (command.isAdmin) throw refuse('cannot-delete-admin');
      return [{ type: 'UserDeleted', data: { userId, deletedAt: command.now } }];
    case 'CreateFirstAdmin':
      if (command.alreadyMade) return [];
      throw refuse('already-registered');
    case 'SignInWithAdminLink': {
      const link = state.adminLinks[command.tokenHash];
      if (!link) throw refuse('admin-link-invalid');
      // Spent or out of date: the link existed, so the page can say it is no longer valid rather than unknown.
      if (!usable(link, command.now)) throw refuse('admin-link-expired');
      return [{ type: 'AdminSignedIn', data: { userId, tokenHash: command.tokenHash, signedInAt: command.now } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'Register') {
    if (state.status !== 'none') throw refuse('already-registered');
    // The name opens the verification mail: one line of a name, nothing that reads as a link (modules/shared/text/person-name.ts).
    if (!isPersonName(command.name)) throw refuse('invalid-name');
    if (command.passwordLength < MIN_PASSWORD_LENGTH) throw refuse('password-too-short');
    const { userId, language, tokenHash, now } = command;
    return [
      { type: 'UserRegistered', data: { userId, language, registeredAt: now } },
      { type: 'VerificationEmailSent', data: { userId, tokenHash, language, expiresAt: hoursAfter(now, VERIFY_LINK_HOURS) } },
    ];
  }
  if (command.type === 'CreateFirstAdmin' && state.status === 'none') {
    if (command.alreadyMade) return [];
    const { userId, tokenHash, now } = command;
    return [
      { type: 'AdminAccountCreated', data: { userId, language: 'pl', createdAt: now } },
      { type: 'AdminSignInIssued', data: { userId, tokenHash, expiresAt: hoursAfter(now, ADMIN_LINK_HOURS) } },
    ];
  }
  if (state.status === 'registered') return decideRegistered(command, state);
  // Nobody by that address (never registered, or deleted): signing in gets the same answer as a wrong password.
  throw refuse(command.type === 'SignIn' ? 'invalid-credentials' : command.type === 'SignInWithAdminLink' ? 'admin-link-invalid' : 'not-registered');
}

/** Every event of a user's stream concerns that user: their sessions, links and profile. */
const theUser = (event: { data: { userId: string } }) => [event.data.userId];

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide, evolve, initialState: () => ({ status: 'none' }),
  concerns: {
    UserRegistered: theUser, VerificationEmailSent: theUser, EmailVerified: theUser, RegistrationAttemptedWithExistingAddress: theUser,
    PasswordResetRequested: theUser, PasswordChanged: theUser, SessionEnded: theUser, SignedOutEverywhere: theUser, UserDeleted: theUser,
    AdminAccountCreated: theUser, AdminSignInIssued: theUser, AdminSignedIn: theUser,
  },
};
