import * as v from 'valibot';
import { attendeeCsvRows } from '../../../../server/attendees-csv.ts';
import { CSV_SEPARATORS, csvResponse } from '../../../../server/csv.ts';
import { endpoint } from '../../../../server/endpoint.ts';
import { readQuery } from '../../../../server/query.ts';

const AttendeesQuery = v.object({
  format: v.optional(v.picklist(['json', 'csv'], 'invalid-query')),
  separator: v.optional(v.picklist(Object.keys(CSV_SEPARATORS) as (keyof typeof CSV_SEPARATORS)[], 'invalid-query')),
});

/**
 * GET /api/admin/attendees/{productKey} (admin): who paid what for the product, each purchase with name, e-mail, phone,
 * purchase date, amount, currency and payment state (paid, granted by hand, refunded, amount mismatch), oldest first,
 * the totals per currency, and the seats (sold, held, free). `?format=csv` answers the same as a CSV download (UTF-8 with a byte-order mark;
 * `&separator=semicolon` for Excel in Polish, `comma` by default). An unknown product answers 404 "Nieznany film" (spec 3, 8).
 */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.string() }),
  handle: async ({ params, services, t, context }) => {
    const { format, separator } = readQuery(context.url, AttendeesQuery);
    const list = await services.purchases.attendees(params.productKey);
    // Seats sold, held by checkouts being paid, and free (issue 24); capacity and free null: no limit.
    if (format !== 'csv') return { product: list.product, attendees: list.attendees, totals: list.totals, seats: await services.purchases.seats(params.productKey) };
    return csvResponse(attendeeCsvRows(list, t), `attendees-${list.product.key}.csv`, separator);
  },
});
