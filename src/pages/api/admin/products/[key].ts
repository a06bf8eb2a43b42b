import { endpoint } from '../../../../server/endpoint.ts';
import { ProductBody, ProductKeyParams } from '../../../../server/product-input.ts';

/**
 * PUT /api/admin/products/{key} (admin): replaces the product's definition, links and visibility; only what
 * differs is recorded, and the public pages show it at their next request. An unknown key answers 404.
 */
export const PUT = endpoint({
  auth: 'admin',
  params: ProductKeyParams,
  body: ProductBody,
  fieldIssues: true,
  handle: async ({ params, body, user, services }) => {
    await services.catalogue.saveProduct(params.key, body, user.id);
    return { key: params.key };
  },
});
