import { endpoint } from '../../../../../server/endpoint.ts';

/** GET /api/admin/invoicing/vat (admin): every product's own VAT treatment by key (null or absent: the seller's default) and that default. */
export const GET = endpoint({
  auth: 'admin',
  handle: async ({ services }) => ({
    products: await services.invoicing.productTreatments(),
    default: (await services.invoicing.sellerSettings()).defaultVat,
  }),
});
