import * as v from 'valibot';
import { MAX_REPORT_BYTES } from '../../../../../../modules/attendance/index.ts';
import { DomainError, isDomainError } from '../../../../../../modules/shared/kernel/index.ts';
import { endpoint } from '../../../../../server/endpoint.ts';
import { readUpload } from '../../../../../server/upload.ts';

const ImportQuery = v.object({
  session: v.pipe(v.string(), v.regex(/^[\w.:-]{1,100}$/)),
  apply: v.optional(v.picklist(['0', '1'])),
});

/** `assign=<purchaseId>:<person key>`, repeated: a report's person the admin gave to a buyer. */
function assignments(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of url.searchParams.getAll('assign')) {
    const at = value.indexOf(':');
    if (at <= 0 || at === value.length - 1 || value.length > 400) throw new DomainError('attendance-assign-invalid');
    out[value.slice(at + 1)] = value.slice(0, at);
  }
  return out;
}

/**
 * POST /api/admin/attendance/{productKey}/import?session={sessionId}[&apply=1][&assign=…] (admin): the raw bytes of a
 * participant report (Zoom's CSV; UTF-8 with or without BOM, UTF-16, Windows-1250). Without `apply`: the preview of
 * what it would record (matched by e-mail, then name; unmatched people; buyers not in it; minutes too many). With
 * `apply=1`: records it whole in one decision, or refuses it whole. Answers the plan (and `changed` when applied).
 */
export const POST = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.string() }),
  handle: async ({ params, services, context, user }) => {
    const query = v.safeParse(ImportQuery, Object.fromEntries(context.url.searchParams));
    if (!query.success) throw new DomainError('attendance-unknown-session');
    let bytes: Uint8Array;
    try {
      bytes = await readUpload(context.request, MAX_REPORT_BYTES);
    } catch (error) {
      if (isDomainError(error, 'media-too-large')) throw new DomainError('attendance-report-too-large', { limit: `${MAX_REPORT_BYTES / 1024 / 1024} MB` });
      throw error;
    }
    const assign = assignments(context.url);
    if (query.output.apply === '1') return services.attendance.applyImport(params.productKey, query.output.session, bytes, assign, user.id);
    return { plan: await services.attendance.previewImport(params.productKey, query.output.session, bytes, assign) };
  },
});
