import { toApiVideo } from '../../../modules/catalogue/index.ts';
import { endpoint } from '../../server/endpoint.ts';

/** GET /api/all-videos (admin): every product in the API shape of spec 3 (spec 7), without owners' links. */
export const GET = endpoint({
  auth: 'admin',
  failure: 'admin.loadFailed',
  handle: async ({ services }) => (await services.catalogue.products()).map(toApiVideo),
});
