import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';

const params = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'invoices.notFound')) });

/**
 * GET /api/invoices/{id}/pdf: the document's PDF, for its buyer and for admins only (anyone else: 404, as for an id that
 * names nothing). Rendered from the document as issued, so every download is the same bytes until KSeF assigns its number.
 */
export const GET = endpoint({
  auth: 'user', params,
  async handle({ params: { id }, user, services }) {
    const { filename, bytes } = await services.invoicing.invoicePdf(id, { userId: user.id, admin: user.role === 'admin' });
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  },
});
