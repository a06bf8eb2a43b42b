import { LogoutBody } from '../server/accounts-input.ts';
import { clearSessionCookie } from '../server/auth.ts';
import { endpoint } from '../server/endpoint.ts';
import { sessionToken } from '../server/session.ts';

/**
 * POST /logout ends the session on the server (its token, cookie or Bearer, stops working on every instance)
 * and clears the cookie. With `everywhere` (JSON `true`, or form field `everywhere=1`) it ends every session of
 * the user. A JSON call gets `{ message }`; a plain form post (the navbar's buttons, no script needed) is
 * redirected to the home page.
 */
export const POST = endpoint({
  auth: 'public', body: LogoutBody,
  async handle({ body, services, t, context }) {
    const { request } = context;
    await services.accounts.logout(sessionToken(request.headers.get('authorization'), request.headers.get('cookie')), body.everywhere ? 'everywhere' : 'this');
    clearSessionCookie(context);
    if (!(request.headers.get('content-type') ?? '').includes('application/json')) return new Response(null, { status: 303, headers: { location: '/' } });
    return { message: t(body.everywhere ? 'accounts.loggedOutEverywhere' : 'accounts.loggedOut') };
  },
});
