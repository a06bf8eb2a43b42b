import { VerifyBody } from '../server/accounts-input.ts';
import { setSessionCookie } from '../server/auth.ts';
import { endpoint } from '../server/endpoint.ts';

/** POST /verify-email {token} → { token, message }: the address is verified and the user signed in. */
export const POST = endpoint({
  auth: 'public', body: VerifyBody,
  async handle({ body, services, t, context }) {
    const token = await services.accounts.verifyEmail(body.token);
    setSessionCookie(context, token, services.accounts.sessionMaxAgeSeconds);
    return { token, message: t('accounts.verified') };
  },
});
