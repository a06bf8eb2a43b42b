import { endpoint } from '../server/endpoint.ts';

/** GET /profile (Bearer or session cookie) → { id, name, email, phone, role, purchasedVideos }. */
export const GET = endpoint({
  auth: 'user',
  handle: ({ user, services }) => services.accounts.profile(user),
});
