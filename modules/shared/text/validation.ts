import * as v from 'valibot';

/**
 * E-mail addresses and links, checked the one way (valibot's actions), with the caller's message key:
 * `emailAddress('accounts.invalidEmail')` in a body schema, `isEmailAddress(s)` in a form before it posts.
 */
export const emailAddress = (message?: string) => v.pipe(v.string(message), v.trim(), v.maxLength(254, message), v.email(message));
export const webLink = (message?: string) => v.pipe(
  v.string(message), v.trim(), v.maxLength(2000, message), v.url(message),
  v.check((s) => /^https?:$/.test(new URL(s).protocol), message),
);

export const isEmailAddress = (s: string) => v.is(emailAddress(), s);
export const isWebLink = (s: string) => v.is(webLink(), s);
