import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { pageParam, pageSlice, readQuery } from '../../../../server/query.ts';

const PAGE_SIZE = 50;

/**
 * GET /api/admin/waitlist/{productKey}?page= (admin): a product's seats (sold, held, waiting, free), its waiting list
 * in order with each person's open offer and its expiry, and the steps of its seats and list (the history), newest
 * first, 50 a page: `history` is `{ items, page, pageSize, total }`. A page past the last has no items. 400 for a page
 * that is not a positive number.
 */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ productKey: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  handle: async ({ params, services, context }) => {
    const { page } = readQuery(context.url, v.object({ page: pageParam }));
    const view = await services.purchases.waitlist.panel(params.productKey, pageSlice(page, PAGE_SIZE));
    return { ...view, history: { items: view.history.items, page, pageSize: PAGE_SIZE, total: view.history.total } };
  },
});
