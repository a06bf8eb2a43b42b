import * as v from 'valibot';
import { KSEF_VIEWS } from '../../../../../modules/invoicing/index.ts';
import { CSV_SEPARATORS, csvResponse } from '../../../../server/csv.ts';
import { endpoint } from '../../../../server/endpoint.ts';
import { invoiceCsvRows } from '../../../../server/invoices-csv.ts';
import { readQuery } from '../../../../server/query.ts';

const InvoicesQuery = v.object({
  month: v.pipe(v.string('invalid-query'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid-query')),
  ksef: v.optional(v.picklist(KSEF_VIEWS, 'invalid-query')),
  format: v.optional(v.picklist(['json', 'csv'], 'invalid-query')),
  separator: v.optional(v.picklist(Object.keys(CSV_SEPARATORS) as (keyof typeof CSV_SEPARATORS)[], 'invalid-query')),
});

/**
 * GET /api/admin/invoices?month=2026-11[&ksef=failed] (admin): a month's invoices and corrections (Warsaw dates), oldest
 * first, each with its sums and KSeF state. `&format=csv` answers the month for the accountant as a CSV download
 * (UTF-8 with a byte-order mark; `&separator=semicolon` for Excel in Polish).
 */
export const GET = endpoint({
  auth: 'admin',
  handle: async ({ services, t, context }) => {
    const query = readQuery(context.url, InvoicesQuery);
    const invoices = await services.invoicing.adminInvoices({ month: query.month, ...(query.ksef ? { ksef: query.ksef } : {}) });
    if (query.format !== 'csv') return { month: query.month, ksefEnabled: services.invoicing.ksefEnabled, invoices };
    return csvResponse(invoiceCsvRows(invoices, t), `invoices-${query.month}.csv`, query.separator);
  },
});
