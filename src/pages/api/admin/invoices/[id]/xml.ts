import * as v from 'valibot';
import { endpoint } from '../../../../../server/endpoint.ts';

const params = v.object({ id: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'invoices.notFound')) });

/** GET /api/admin/invoices/{id}/xml (admin): the FA(3) XML exactly as issued (what KSeF receives and the QR code's hash is of). */
export const GET = endpoint({
  auth: 'admin', params,
  async handle({ params: { id }, user, services }) {
    const { filename, xml } = await services.invoicing.invoiceXml(id, { userId: user.id, admin: true });
    return new Response(xml, {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' },
    });
  },
});
