import { LetterBody } from '../../../../server/campaign-input.ts';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * POST /api/admin/campaigns/test `{ subject, body }` (admin): sends the mass e-mail to the signed-in admin alone, its
 * subject marked "[TEST]", through the ordinary mail path; no campaign is started or counted. Answers `{ message, to }`.
 */
export const POST = endpoint({
  auth: 'admin',
  body: LetterBody,
  failure: 'campaigns.failed',
  handle: async ({ body, user, services, t }) => {
    const { to } = await services.campaigns.sendTest(body, user.id);
    return { message: t('campaigns.testSent', { email: to }), to };
  },
});
