import * as v from 'valibot';
import { endpoint } from '../../../../../server/endpoint.ts';

const params = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'certificates.notFound')) });

/** POST /api/admin/certificates/{id}/reissue (admin): after a correction, a new certificate with a new number; the old one says replaced. */
export const POST = endpoint({
  auth: 'admin', params,
  async handle({ params: { id }, user, services }) {
    return { certificateId: await services.certificates.reissue(id, user.id) };
  },
});
