import * as v from 'valibot';
import { endpoint } from '../../server/endpoint.ts';
import { json } from '../../server/http.ts';

/** Three strings; what they must hold (filled, a real address, sane lengths) is the contact module's rule. */
const ContactBody = v.object({ fromName: v.string(), email: v.string(), message: v.string() }, 'error.invalidBody');

/** POST /api/contact: stores the message and mails it to CONTACT_TO through the outbox; rate-limited per client. */
export const POST = endpoint({
  auth: 'public', body: ContactBody,
  async handle({ body, services, lang, context }) {
    await services.contact.send(body, { sender: context.locals.client.ip, lang });
    return json({ ok: true }, 201);
  },
});
