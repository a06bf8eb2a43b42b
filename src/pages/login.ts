import type { APIRoute } from 'astro';
import { LoginBody } from '../server/accounts-input.ts';
import { json, parseAccountsRequest, problem, setSessionCookie, tooMany } from '../server/auth.ts';

/** POST /login → { token }, also set as the HttpOnly session cookie. */
export const POST: APIRoute = async (context) => {
  const input = await parseAccountsRequest(context, LoginBody);
  if (!input.ok) return input.response;
  const { accounts } = context.locals.runtime.services;
  const result = await accounts.login(input.data.email, input.data.password, input.req);
  if (result.ok) {
    setSessionCookie(context, result.token, accounts.sessionMaxAgeSeconds);
    return json({ token: result.token });
  }
  switch (result.error) {
    case 'rate-limited': return tooMany(input.t);
    case 'invalid-credentials': return problem(input.t, 'accounts.invalidCredentials', 401);
    // `unverified` lets the login page offer to send the link again.
    case 'unverified': return json({ message: input.t('accounts.unverified'), unverified: true }, 403);
  }
};
