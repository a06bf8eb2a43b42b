import { endpoint } from '../../../../../server/endpoint.ts';
import { ProductVatBody, ProductVatParams } from '../../../../../server/invoicing-input.ts';

/** GET /api/admin/invoicing/vat/{productKey} (admin): the product's own treatment (null: the default) and the one its invoices use. */
export const GET = endpoint({
  auth: 'admin',
  params: ProductVatParams,
  handle: async ({ params, services }) => services.invoicing.productVat(params.productKey),
});

/** PUT /api/admin/invoicing/vat/{productKey} (admin): `{ treatment }`, a rate or an exemption with its legal basis, or null for the default. */
export const PUT = endpoint({
  auth: 'admin',
  params: ProductVatParams,
  body: ProductVatBody,
  fieldIssues: true,
  handle: async ({ params, body, user, services }) => services.invoicing.setProductVat(params.productKey, body.treatment, user.id),
});
