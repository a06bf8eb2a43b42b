import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { pdfResponse } from '../../../../server/pdf-response.ts';
import { readQuery } from '../../../../server/query.ts';

// Any id shape is answered 404 alike (the module checks the public id's form): the edge only bounds its length.
const params = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'certificates.notFound')) });
const Query = v.object({ lang: v.optional(v.picklist(['pl', 'en'], 'invalid-query')) });

/**
 * GET /api/certificates/{id}/pdf[?lang=en] (user): the certificate's PDF in its holder's language, or the other one on
 * request; for its holder and admins only (anyone else: 404, as for an id that names nothing). Same bytes every time.
 */
export const GET = endpoint({
  auth: 'user', params,
  async handle({ params: { id }, user, services, context }) {
    const { lang } = readQuery(context.url, Query);
    const { filename, bytes } = await services.certificates.certificatePdf(id, { userId: user.id, admin: user.role === 'admin' }, lang);
    return pdfResponse(bytes, filename);
  },
});
