import * as v from 'valibot';
import { eventStart } from '../../../../../../modules/catalogue/index.ts';
import { endpoint } from '../../../../../server/endpoint.ts';
import { json } from '../../../../../server/http.ts';
import { ProductKeyParams } from '../../../../../server/product-input.ts';

const START = 'catalogue.editionStartMissing';
const IMPOSSIBLE = 'catalogue.productStartImpossible';

/**
 * POST /api/admin/products/{key}/editions (admin), body `{ startsAt }`: "Duplicate as a new edition". The product
 * again under a fresh key, starting then (not in the past), unpublished, without its live or recording link and
 * without buyers; answers 201 with the new key. An unknown key answers 404.
 */
export const POST = endpoint({
  auth: 'admin',
  params: ProductKeyParams,
  body: v.object({
    startsAt: v.pipe(v.string(START), v.isoTimestamp(START), v.check((s) => eventStart(s) !== null, IMPOSSIBLE), v.transform((s) => eventStart(s)!.toISOString())),
  }, START),
  fieldIssues: true,
  handle: async ({ params, body, user, services }) =>
    json({ key: await services.catalogue.duplicateEdition(params.key, body.startsAt, user.id) }, 201),
});
