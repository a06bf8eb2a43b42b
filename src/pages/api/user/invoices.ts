import { endpoint } from '../../../server/endpoint.ts';

/** GET /api/user/invoices (user): the caller's invoices and corrections, newest first, and the purchases whose invoice is on its way. */
export const GET = endpoint({
  auth: 'user',
  handle: async ({ user, services }) => services.invoicing.invoicesOf(user.id),
});
