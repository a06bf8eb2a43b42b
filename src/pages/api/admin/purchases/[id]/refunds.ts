import * as v from 'valibot';
import { endpoint } from '../../../../../server/endpoint.ts';

const INVALID = 'refund.invalid';

/**
 * POST /api/admin/purchases/{id}/refunds (admin) `{ amountMinor, reason, revokeAccess?, refundId? }`: gives part or all
 * of a paid purchase back (minor units of its currency). `refundId` (a UUID the panel makes once per confirmation dialog)
 * makes a repeated or double submit one refund. Answers `{ refundId, status: 'completed' | 'pending', accessEnded }`:
 * pending until the payment provider confirms (retried in the background); a full refund, or `revokeAccess`, ends the
 * buyer's access at once. 404 for no such purchase, 409 for a grant or unpaid order, more than is left, a second full refund,
 * or a refund id that belongs to another purchase.
 */
export const POST = endpoint({
  auth: 'admin',
  params: v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  body: v.object({
    amountMinor: v.pipe(v.number(INVALID), v.integer(INVALID), v.minValue(1, 'refund.invalidAmount'), v.maxValue(100_000_000, INVALID)),
    reason: v.pipe(v.string(INVALID), v.trim(), v.minLength(1, 'refund.reasonMissing'), v.maxLength(500, INVALID)),
    revokeAccess: v.optional(v.boolean(INVALID), false),
    refundId: v.optional(v.pipe(v.string(INVALID), v.uuid(INVALID))),
  }, INVALID),
  handle: async ({ params, body, user, services, context }) => services.purchases.requestRefund({
    purchaseId: params.id, amountMinor: body.amountMinor, reason: body.reason, revokeAccess: body.revokeAccess,
    ...(body.refundId ? { refundId: body.refundId } : {}),
    requestedBy: { kind: 'admin', userId: user.id }, metadata: { actor: user.id, requestId: context.locals.requestId },
  }),
});
