import type { APIRoute } from 'astro';
import { json } from '../server/http.ts';

/** Up or not is the database; `mail` says whether mail is getting through (degraded: still HTTP 200, see mailing.health). */
export const GET: APIRoute = async ({ locals }) => {
  const { database } = await locals.runtime.health();
  const mail = database === 'up' ? await locals.runtime.services.mailing.health() : 'unknown';
  return json({ status: database === 'up' ? 'ok' : 'unavailable', database, mail }, database === 'up' ? 200 : 503);
};
