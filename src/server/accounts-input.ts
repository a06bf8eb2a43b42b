import * as v from 'valibot';
import { passwordLongEnough } from '../../modules/accounts/index.ts';
import { DEV_ADMIN_EMAIL } from '../../modules/shared/config/index.ts';
import { isEmailAddress, isPersonName } from '../../modules/shared/text/index.ts';

/**
 * Request bodies of the accounts API (spec section 7). Issue messages are message-catalogue keys.
 * Missing text fields read as empty, so "fill in all fields" answers them rather than a bare invalid body.
 */
const text = (max: number) => v.optional(v.pipe(v.string('error.invalidBody'), v.maxLength(max, 'error.invalidBody')), '');
const language = v.optional(v.string('error.invalidBody'));
const filled = (s: string) => s.trim() !== '';
/** One password-length rule for registration and reset, with the reset page's message (spec §5). */
const longEnough = <T>(password: (b: T) => string) => v.check<T, 'accounts.passwordTooShort'>((b) => passwordLongEnough(password(b)), 'accounts.passwordTooShort');

/** The spec's order: every field filled, a name (ours), a real address, matching passwords, then the length rule. */
export const RegisterBody = v.pipe(
  v.object({ name: text(200), email: text(254), password: text(200), phone: text(50), repeat: text(200), language }, 'error.invalidBody'),
  v.check((b) => [b.name, b.email, b.password, b.phone].every(filled), 'accounts.fillAllFields'),
  // The name opens the verification mail to the address given: one line of a name, never a link or a message.
  v.check((b) => isPersonName(b.name.trim()), 'accounts.invalidName'),
  v.check((b) => isEmailAddress(b.email), 'accounts.invalidEmail'),
  v.check((b) => b.password === b.repeat, 'accounts.registerPasswordsMismatch'),
  longEnough((b) => b.password),
);

export const LoginBody = v.pipe(
  v.object({ email: text(254), password: text(200), language }, 'error.invalidBody'),
  v.check((b) => filled(b.email) && b.password !== '', 'accounts.credentialsRequired'),
);

/**
 * forgot-password and resend-verification: one address. A development install's first admin is admin@localhost,
 * which has no dot in its domain and so is no address one may register with; it may still ask for a password.
 */
export const EmailBody = v.object({
  email: v.pipe(text(254), v.trim(), v.nonEmpty('accounts.emailRequired'),
    v.check((s) => isEmailAddress(s) || s.toLowerCase() === DEV_ADMIN_EMAIL, 'accounts.invalidEmail')),
  language,
}, 'error.invalidBody');

export const VerifyBody = v.object({ token: v.pipe(v.string('accounts.verifyFailed'), v.minLength(1, 'accounts.verifyFailed'), v.maxLength(200, 'accounts.verifyFailed')), language }, 'accounts.verifyFailed');

/** `repeat` is optional: the spec's payload is {newPassword, language}; our page sends the confirmation too. */
export const ResetBody = v.pipe(
  v.object({ newPassword: v.pipe(v.string('accounts.passwordTooShort'), v.maxLength(200, 'error.invalidBody')), repeat: v.optional(v.string('error.invalidBody')), language }, 'error.invalidBody'),
  v.check((b) => b.repeat === undefined || b.repeat === b.newPassword, 'accounts.passwordsMismatch'),
  longEnough((b) => b.newPassword),
);

/** The reset link's id; absent on /reset-password itself, which no link leads to. */
export const ResetParams = v.object({ id: v.optional(v.string()) });

/** POST /logout: `everywhere` is JSON `true` or the navbar form's `everywhere=1`; any other body ends this session only. */
export const LogoutBody = v.fallback(
  v.pipe(v.looseObject({ everywhere: v.optional(v.unknown()) }), v.transform((b) => ({ everywhere: b.everywhere === true || b.everywhere === '1' }))),
  { everywhere: false },
);
