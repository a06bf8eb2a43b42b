import * as v from 'valibot';
import { endpoint } from '../../../server/endpoint.ts';
import { serveMediaFile } from '../../../server/serve-file.ts';

/**
 * A product's recording, for the owner named in a valid, unexpired signature, who must still own the
 * product inside its access window right now. Anything else gets 403 and no bytes.
 */
const handler = endpoint({
  auth: 'public',
  params: v.object({ key: v.string() }),
  async handle({ params, services, context }) {
    return serveMediaFile(await services.purchases.recordingAccess(params.key, context.url.searchParams), context.request);
  },
});

export const GET = handler;
export const HEAD = handler;
