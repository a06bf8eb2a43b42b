import type { APIRoute } from 'astro';
import { EmailBody } from '../server/accounts-input.ts';
import { json, parseAccountsRequest, tooMany } from '../server/auth.ts';

/** POST /resend-verification {email, language}: a new link for an unverified address; the same answer for any address. */
export const POST: APIRoute = async (context) => {
  const input = await parseAccountsRequest(context, EmailBody);
  if (!input.ok) return input.response;
  const result = await context.locals.runtime.services.accounts.resendVerification(input.data.email, input.req);
  if (!result.ok) return tooMany(input.t);
  return json({ message: input.t('accounts.resent') });
};
