import { LoginBody } from '../server/accounts-input.ts';
import { setSessionCookie } from '../server/auth.ts';
import { endpoint } from '../server/endpoint.ts';

/** POST /login → { token }, also set as the HttpOnly session cookie. An unverified address answers 403 with `unverified: true`. */
export const POST = endpoint({
  auth: 'public', body: LoginBody,
  async handle({ body, services, lang, context }) {
    const token = await services.accounts.login(body.email, body.password, { ip: context.locals.client.ip, language: lang });
    setSessionCookie(context, token, services.accounts.sessionMaxAgeSeconds);
    return { token };
  },
});
