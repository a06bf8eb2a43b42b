import { endpoint } from '../../../../server/endpoint.ts';
import { FacilitatorBody, FacilitatorParams } from '../../../../server/facilitator-input.ts';

/** PUT /api/admin/facilitators/{id} (admin): their name, photo, role and bio; every product naming them shows it at the next request. */
export const PUT = endpoint({
  auth: 'admin',
  params: FacilitatorParams,
  body: FacilitatorBody,
  handle: async ({ params, body, user, services }) => {
    await services.catalogue.saveFacilitator(params.id, body, user.id);
    return { id: params.id };
  },
});

/** DELETE /api/admin/facilitators/{id} (admin): refused 409 while a product names them, the message naming those products. */
export const DELETE = endpoint({
  auth: 'admin',
  params: FacilitatorParams,
  handle: async ({ params, user, services }) => {
    await services.catalogue.retireFacilitator(params.id, user.id);
    return { id: params.id };
  },
});
