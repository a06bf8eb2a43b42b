import { endpoint } from '../server/endpoint.ts';

/**
 * GET /profile (Bearer or session cookie) → { id, name, email, phone, role, purchasedVideos }. Kept for this caller
 * alone until an event concerning them (a purchase, a log-out, an erasure) drops it.
 */
export const GET = endpoint({
  auth: 'user',
  handle: async ({ user, services }) => services.accounts.profile(user),
});
