import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * GET /api/admin/waitlist/{productKey} (admin): a product's seats (sold, held, waiting, free), its waiting list in
 * order with each person's open offer and its expiry, and every step of its seats and list (the history).
 */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  handle: async ({ params, services }) => services.purchases.waitlist.panel(params.productKey),
});
