import * as v from 'valibot';
import { REASON_MAX } from '../../../../../../modules/certificates/index.ts';
import { endpoint } from '../../../../../server/endpoint.ts';

const params = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'certificates.notFound')) });
const Body = v.object({ reason: v.pipe(v.string('certificates.reasonInvalid'), v.trim(), v.minLength(1, 'certificates.reasonInvalid'), v.maxLength(REASON_MAX, 'certificates.reasonInvalid')) });

/** POST /api/admin/certificates/{id}/revoke {reason} (admin): the verification page then says revoked on that day. */
export const POST = endpoint({
  auth: 'admin', params, body: Body,
  async handle({ params: { id }, body, user, services }) {
    await services.certificates.revoke(id, body.reason, user.id);
    return { revoked: true };
  },
});
