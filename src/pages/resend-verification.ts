import { EmailBody } from '../server/accounts-input.ts';
import { endpoint } from '../server/endpoint.ts';

/** POST /resend-verification {email, language}: a new link for an unverified address; the same answer for any address. */
export const POST = endpoint({
  auth: 'public', body: EmailBody,
  async handle({ body, services, lang, t, context }) {
    await services.accounts.resendVerification(body.email, { ip: context.locals.client.ip, language: lang });
    return { message: t('accounts.resent') };
  },
});
