import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { json, problem, readJson } from '../../server/http.ts';

const ContactBody = v.object({ fromName: v.string(), email: v.string(), message: v.string() });

/** POST /api/contact: stores the message and mails it to CONTACT_TO through the outbox; rate-limited per address. */
export const POST: APIRoute = async ({ request, locals }) => {
  const body = v.safeParse(ContactBody, await readJson(request));
  if (!body.success) return problem(locals.t, 'error.invalidBody', 400);
  const result = await locals.runtime.services.contact.send(body.output, { sender: locals.client.ip, lang: locals.lang });
  if (result.ok) return json({ ok: true }, 201);
  return result.error === 'rate-limited' ? problem(locals.t, 'error.tooManyRequests', 429) : problem(locals.t, 'api.contactInvalid', 400);
};
