import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * GET /api/admin/recordings/{productKey} (admin): the product's recording as modules/recordings sees it, for the
 * catalogue editor's upload control: `{ current: { version, duration } | null, job: { state, progress, error } | null }`.
 */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.pipe(v.string(), v.maxLength(200)) }),
  handle: ({ params, services }) => services.recordings.statusOf(params.productKey),
});
