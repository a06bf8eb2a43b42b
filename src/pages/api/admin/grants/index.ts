import * as v from 'valibot';
import { emailAddress } from '../../../../../modules/shared/text/index.ts';
import { endpoint } from '../../../../server/endpoint.ts';

const INVALID = 'grant.invalid';

/**
 * POST /api/admin/grants (admin) `{ productKey, email, reason }`: gives the user with that address access to the
 * product without a card payment (a bank transfer, a free place), recorded with the reason and the admin. Answers
 * `{ purchaseId }`; 404 for an unknown product or address, 409 when the user already owns the product.
 */
export const POST = endpoint({
  auth: 'admin',
  body: v.object({
    productKey: v.pipe(v.string(INVALID), v.minLength(1, INVALID), v.maxLength(200, INVALID)),
    email: emailAddress(INVALID),
    reason: v.pipe(v.string(INVALID), v.trim(), v.minLength(1, 'grant.reasonMissing'), v.maxLength(500, INVALID)),
  }, INVALID),
  handle: async ({ body, user, services, context }) => {
    const { purchaseId } = await services.purchases.grantAccess({ ...body, adminId: user.id, metadata: { requestId: context.locals.requestId } });
    return { purchaseId };
  },
});
