import type { APIRoute } from 'astro';
import { json } from '../server/http.ts';

export const GET: APIRoute = async ({ locals }) => {
  const { database } = await locals.runtime.health();
  return json({ status: database === 'up' ? 'ok' : 'unavailable', database }, database === 'up' ? 200 : 503);
};
