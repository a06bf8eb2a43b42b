import * as v from 'valibot';
import { csvResponse } from '../../../../server/csv.ts';
import { endpoint } from '../../../../server/endpoint.ts';

/**
 * GET /api/admin/attendees/{productKey} (admin): every paid owner of the product with name, e-mail, phone and
 * purchase date, oldest purchase first; `?format=csv` answers the same as a CSV download. An unknown product
 * answers 404 "Nieznany film" (spec 3, 8).
 */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.string() }),
  handle: async ({ params, services, t, context }) => {
    const list = await services.purchases.attendees(params.productKey);
    if (context.url.searchParams.get('format') !== 'csv') return list;
    const header = [t('admin.attendees.name'), t('admin.attendees.email'), t('admin.attendees.phone'), t('admin.attendees.purchaseDate')];
    const rows = list.attendees.map((a) => [a.name, a.email, a.phone, a.purchaseDate]);
    return csvResponse([header, ...rows], `attendees-${list.product.key}.csv`);
  },
});
