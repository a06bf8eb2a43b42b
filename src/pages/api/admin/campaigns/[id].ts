import * as v from 'valibot';
import { DomainError } from '../../../../../modules/shared/kernel/index.ts';
import { endpoint } from '../../../../server/endpoint.ts';

/** GET /api/admin/campaigns/{id} (admin): one mass e-mail's progress (total, sent, pending, failed, unsubscribed); unknown id 404. */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ id: v.pipe(v.string(), v.maxLength(100, 'campaigns.notFound')) }),
  failure: 'admin.loadFailed',
  handle: async ({ params, services }) => {
    const campaign = await services.campaigns.campaign(params.id);
    if (!campaign) throw new DomainError('campaign-not-found');
    return campaign;
  },
});
