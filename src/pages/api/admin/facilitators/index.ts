import { endpoint } from '../../../../server/endpoint.ts';
import { FacilitatorBody } from '../../../../server/facilitator-input.ts';
import { json } from '../../../../server/http.ts';

/** GET /api/admin/facilitators (admin): every facilitator in the gallery's order. */
export const GET = endpoint({ auth: 'admin', handle: ({ services }) => services.catalogue.facilitators() });

/** POST /api/admin/facilitators (admin): adds one at the end of the gallery; answers 201 with them as stored. */
export const POST = endpoint({
  auth: 'admin',
  body: FacilitatorBody,
  handle: async ({ body, user, services }) => json(await services.catalogue.createFacilitator(body, user.id), 201),
});
