import * as v from 'valibot';
import { endpoint } from '../../../../../server/endpoint.ts';

const params = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'invoices.notFound')) });

/** POST /api/admin/invoices/{id}/ksef (admin): sends a document to KSeF again (refused, or given up on); 409 once accepted or with KSeF off. */
export const POST = endpoint({
  auth: 'admin', params,
  async handle({ params: { id }, user, services }) {
    await services.invoicing.resubmitToKsef(id, user.id);
    return { queued: true };
  },
});
