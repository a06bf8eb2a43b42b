import type { APIRoute } from 'astro';
import { VerifyBody } from '../server/accounts-input.ts';
import { json, parseAccountsRequest, problem, setSessionCookie } from '../server/auth.ts';

/** POST /verify-email {token} → { token, message }: the address is verified and the user signed in. */
export const POST: APIRoute = async (context) => {
  const input = await parseAccountsRequest(context, VerifyBody);
  if (!input.ok) return input.response;
  const { accounts } = context.locals.runtime.services;
  const result = await accounts.verifyEmail(input.data.token);
  if (!result.ok) return problem(input.t, 'accounts.verifyFailed', 400);
  setSessionCookie(context, result.token, accounts.sessionMaxAgeSeconds);
  return json({ token: result.token, message: input.t('accounts.verified') });
};
