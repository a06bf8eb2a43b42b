import { endpoint } from '../../../../server/endpoint.ts';
import { SellerBody } from '../../../../server/invoicing-input.ts';

/** GET /api/admin/invoicing/seller (admin): the seller's settings and whether invoices can be issued (`missing`: what is not filled in). */
export const GET = endpoint({
  auth: 'admin',
  handle: async ({ services }) => ({ settings: await services.invoicing.sellerSettings(), readiness: await services.invoicing.invoicingReady() }),
});

/**
 * PUT /api/admin/invoicing/seller (admin): replaces the seller's settings; what differs is recorded (audit trail).
 * A bad NIP, account, postal code or series is refused 400 with a message beside each field (`issues`).
 */
export const PUT = endpoint({
  auth: 'admin',
  body: SellerBody,
  fieldIssues: true,
  handle: async ({ body, user, services }) => {
    const settings = await services.invoicing.saveSellerSettings(body, user.id);
    return { settings, readiness: await services.invoicing.invoicingReady() };
  },
});
