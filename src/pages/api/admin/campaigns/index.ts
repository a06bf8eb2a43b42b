import { endpoint } from '../../../../server/endpoint.ts';

/** GET /api/admin/campaigns (admin): every mass e-mail with its progress, newest first, as `{ items }`. */
export const GET = endpoint({
  auth: 'admin',
  failure: 'admin.loadFailed',
  handle: async ({ services }) => ({ items: await services.campaigns.campaigns() }),
});
