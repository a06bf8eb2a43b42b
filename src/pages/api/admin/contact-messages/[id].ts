import * as v from 'valibot';
import { DomainError } from '../../../../../modules/shared/kernel/index.ts';
import { endpoint } from '../../../../server/endpoint.ts';

const NOT_FOUND = 'inbox.notFound';
const Params = v.object({ id: v.pipe(v.string(NOT_FOUND), v.regex(/^[A-Za-z0-9-]{1,64}$/, NOT_FOUND)) });

/** GET /api/admin/contact-messages/{id} (admin): one message in full; 404 for any other id (or an erased sender's). */
export const GET = endpoint({
  auth: 'admin',
  params: Params,
  handle: async ({ params, services }) => {
    const m = await services.contact.message(params.id);
    if (!m) throw new DomainError('contact-message-not-found');
    return { id: m.id, fromName: m.fromName, email: m.email, lang: m.lang, message: m.message, receivedAt: m.receivedAt.toISOString(), read: m.readAt !== null };
  },
});

/** PUT /api/admin/contact-messages/{id} `{ "read": true }` (admin): the panel opened it; read for every admin from now on. */
export const PUT = endpoint({
  auth: 'admin',
  params: Params,
  body: v.object({ read: v.literal(true) }),
  handle: async ({ params, services, user }) => {
    await services.contact.markRead(params.id, user.id);
    return { id: params.id, read: true };
  },
});
