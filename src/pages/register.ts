import type { APIRoute } from 'astro';
import { RegisterBody } from '../server/accounts-input.ts';
import { json, parseAccountsRequest, tooMany } from '../server/auth.ts';

/** POST /register → 201 with a message; the same answer whether or not the address already has an account. */
export const POST: APIRoute = async (context) => {
  const input = await parseAccountsRequest(context, RegisterBody);
  if (!input.ok) return input.response;
  const result = await context.locals.runtime.services.accounts.register(input.data, input.req);
  if (!result.ok) return tooMany(input.t);
  return json({ message: input.t('accounts.registered') }, 201);
};
