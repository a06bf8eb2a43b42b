import { MAX_UPLOAD_BYTES } from '../../../../modules/media/index.ts';
import { endpoint } from '../../../server/endpoint.ts';
import { readUpload } from '../../../server/upload.ts';

/**
 * POST /api/admin/media?kind=image|video (admin): the raw bytes of one picture or preview video, whatever the
 * Content-Type says; its content decides. Answers `{ path, kind, width?, height? }`, the site path to save in a
 * product or facilitator; refused uploads store nothing.
 */
export const POST = endpoint({
  auth: 'admin',
  async handle({ services, context }) {
    const asked = context.url.searchParams.get('kind');
    const kind = asked === 'image' || asked === 'video' ? asked : undefined;
    const bytes = await readUpload(context.request, MAX_UPLOAD_BYTES);
    return services.media.save(bytes, kind);
  },
});
