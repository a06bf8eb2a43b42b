import * as v from 'valibot';
import { endpoint } from '../../../../../server/endpoint.ts';

const ID = v.pipe(v.string('error.invalidBody'), v.regex(/^[\w.:-]{1,100}$/, 'error.invalidBody'));

/** Ticks for one session (`ticks`), or every buyer present (`all: true`): one decision either way. */
const MarkBody = v.object({
  sessionId: ID,
  ticks: v.optional(v.pipe(v.array(v.object({ purchaseId: ID, present: v.boolean('error.invalidBody') }), 'error.invalidBody'), v.maxLength(5000, 'error.invalidBody'))),
  all: v.optional(v.literal(true, 'error.invalidBody')),
});

const Params = v.object({ productKey: v.string() });

/**
 * GET /api/admin/attendance/{productKey} (admin): the product's sessions (with the hours each is worth) and, per buyer
 * holding it now, each session's mark (present or absent, minutes, source, when).
 */
export const GET = endpoint({
  auth: 'admin',
  params: Params,
  handle: ({ params, services }) => services.attendance.sheet(params.productKey),
});

/**
 * POST /api/admin/attendance/{productKey} (admin): `{ sessionId, ticks: [{ purchaseId, present }] }` confirms or
 * corrects buyers' attendance of a session; `{ sessionId, all: true }` marks every buyer present. Answers `{ changed }`.
 */
export const POST = endpoint({
  auth: 'admin',
  params: Params,
  body: MarkBody,
  handle: async ({ params, body, services, user }) => {
    if (body.all) return services.attendance.markAllPresent(params.productKey, body.sessionId, user.id);
    return services.attendance.tick(params.productKey, body.sessionId, body.ticks ?? [], user.id);
  },
});
