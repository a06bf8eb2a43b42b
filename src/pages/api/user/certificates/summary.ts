import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { readQuery } from '../../../../server/query.ts';
import { pdfResponse } from '../../../../server/pdf-response.ts';

const Query = v.object({ lang: v.optional(v.picklist(['pl', 'en'], 'invalid-query')) });

/** GET /api/user/certificates/summary[?lang=en] (user): the continuing-education summary as one PDF, in the caller's language or the one asked. */
export const GET = endpoint({
  auth: 'user',
  async handle({ user, services, lang, context }) {
    const query = readQuery(context.url, Query);
    const { filename, bytes } = await services.certificates.educationSummaryPdf(user.id, query.lang ?? lang);
    return pdfResponse(bytes, filename);
  },
});
