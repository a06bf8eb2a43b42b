import { endpoint } from '../../../../server/endpoint.ts';
import { json } from '../../../../server/http.ts';
import { ProductBody } from '../../../../server/product-input.ts';

/** GET /api/admin/products (admin): every product, published or not, with its live and recording links, soonest first. */
export const GET = endpoint({ auth: 'admin', handle: ({ services }) => services.catalogue.adminProducts() });

/** POST /api/admin/products (admin): adds a product under a fresh key; answers 201 with the key. */
export const POST = endpoint({
  auth: 'admin',
  body: ProductBody,
  fieldIssues: true,
  handle: async ({ body, user, services }) => json({ key: await services.catalogue.createProduct(body, user.id) }, 201),
});
