import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { readQuery } from '../../../../server/query.ts';

const Query = v.object({ year: v.optional(v.pipe(v.string(), v.regex(/^20\d{2}$/, 'invalid-query'), v.transform(Number))) });
const IssueBody = v.object({ purchaseId: v.pipe(v.string('invalid-body'), v.trim(), v.regex(/^[\w-]{1,100}$/, 'certificates.purchaseNotFound')) });

/** GET /api/admin/certificates[?year=2026] (admin): every certificate, newest first, with its holder (null once deleted) and state. */
export const GET = endpoint({
  auth: 'admin',
  async handle({ services, context }) {
    const query = readQuery(context.url, Query);
    return { certificates: await services.certificates.adminCertificates(query.year ? { year: query.year } : {}) };
  },
});

/** POST /api/admin/certificates {purchaseId} (admin): issues a certificate by hand, whatever the threshold says; 409 when one stands. */
export const POST = endpoint({
  auth: 'admin', body: IssueBody,
  async handle({ body, user, services }) {
    const certificateId = await services.certificates.issueByHand(body.purchaseId, user.id);
    return { certificateId };
  },
});
