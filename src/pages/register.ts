import { RegisterBody } from '../server/accounts-input.ts';
import { endpoint } from '../server/endpoint.ts';
import { json } from '../server/http.ts';

/** POST /register → 201 with a message; the same answer whether or not the address already has an account. */
export const POST = endpoint({
  auth: 'public', body: RegisterBody,
  async handle({ body, services, lang, t, context }) {
    await services.accounts.register(body, { ip: context.locals.client.ip, language: lang });
    return json({ message: t('accounts.registered') }, 201);
  },
});
