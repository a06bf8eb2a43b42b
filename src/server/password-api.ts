import { EmailBody, ResetBody } from './accounts-input.ts';
import { json, parseAccountsRequest, problem, tooMany, type AccountsContext } from './auth.ts';

/** POST /forgot-password {email, language} → { message }, the same whether or not the address has an account. */
export async function forgotPassword(context: AccountsContext): Promise<Response> {
  const input = await parseAccountsRequest(context, EmailBody);
  if (!input.ok) return input.response;
  const result = await context.locals.runtime.services.accounts.requestPasswordReset(input.data.email, input.req);
  if (!result.ok) return tooMany(input.t);
  return json({ message: input.t('accounts.forgotSent') });
}

/** POST /reset-password/{id} {newPassword, language} → { message }; the link is spent and older sessions end. */
export async function resetPassword(context: AccountsContext, id: string | undefined): Promise<Response> {
  const input = await parseAccountsRequest(context, ResetBody);
  if (!input.ok) return input.response;
  if (!id) return problem(input.t, 'accounts.resetLinkInvalid', 400);
  const result = await context.locals.runtime.services.accounts.resetPassword(id, input.data.newPassword, input.req);
  if (result.ok) return json({ message: input.t('accounts.passwordChanged') });
  return result.error === 'rate-limited' ? tooMany(input.t) : problem(input.t, 'accounts.resetLinkInvalid', 400);
}
