import { MAX_UPLOAD_BYTES } from '../../../../modules/media/index.ts';
import { endpoint } from '../../../server/endpoint.ts';
import { readUpload, refusingOversize } from '../../../server/upload.ts';

/**
 * POST /api/admin/media?kind=image|video (admin): the raw bytes of one picture or preview video, whatever the
 * Content-Type says; its content decides. Answers `{ path, kind, width?, height? }`, the site path to save in a
 * product or facilitator; refused uploads store nothing. Over 20 MB: 413.
 */
export const POST = endpoint({
  auth: 'admin',
  async handle({ services, context, t }) {
    const asked = context.url.searchParams.get('kind');
    const kind = asked === 'image' || asked === 'video' ? asked : undefined;
    const bytes = await refusingOversize(t, () => readUpload(context.request, MAX_UPLOAD_BYTES));
    return bytes instanceof Response ? bytes : services.media.save(bytes, kind);
  },
});
