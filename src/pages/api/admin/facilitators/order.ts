import { endpoint } from '../../../../server/endpoint.ts';
import { FacilitatorOrder } from '../../../../server/facilitator-input.ts';

/** PUT /api/admin/facilitators/order (admin) `{ order: [id…] }`: the home page gallery's order, every facilitator once. */
export const PUT = endpoint({
  auth: 'admin',
  body: FacilitatorOrder,
  handle: async ({ body, user, services }) => {
    await services.catalogue.reorderFacilitators(body.order, user.id);
    return { order: body.order };
  },
});
