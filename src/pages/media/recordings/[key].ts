import { resolve, sep } from 'node:path';
import type { APIRoute } from 'astro';
import { verifyRecordingLink } from '../../../../modules/purchases/index.ts';
import { problem } from '../../../server/http.ts';
import { serveMediaFile } from '../../../server/serve-file.ts';

/**
 * A product's recording, for the owner named in a valid, unexpired signature, who must still own the
 * product inside its access window right now. Anything else gets 403 and no bytes.
 */
const handler: APIRoute = async ({ params, request, url, locals }) => {
  const { runtime, t } = locals;
  const key = params.key ?? '';
  const link = verifyRecordingLink(runtime.config.JWT_SECRET, key, url.searchParams, new Date());
  if (!link.ok) return problem(t, 'error.forbidden', 403);
  if (!(await runtime.services.purchases.activePurchase(link.userId, key))) return problem(t, 'error.forbidden', 403);
  const file = await runtime.services.purchases.recordingFile(key);
  if (!file) return problem(t, 'notFound.text', 404);
  const mediaDir = resolve(runtime.config.MEDIA_DIR);
  const path = resolve(mediaDir, file);
  if (!path.startsWith(mediaDir + sep)) return problem(t, 'error.forbidden', 403);
  return serveMediaFile(path, request);
};

export const GET = handler;
export const HEAD = handler;
