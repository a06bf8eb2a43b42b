import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { pageParam, pageSlice, readQuery } from '../../../../server/query.ts';

const PAGE_SIZE = 20;

/**
 * GET /api/admin/contact-messages?page= (admin): the contact form's messages, newest first, 20 a page, each with its
 * sender, an excerpt and whether an admin has opened it (`read`); `unread` counts the unread ones of every page.
 */
export const GET = endpoint({
  auth: 'admin',
  failure: 'admin.loadFailed',
  handle: async ({ services, context }) => {
    const { page } = readQuery(context.url, v.object({ page: pageParam }));
    const { items, total, unread } = await services.contact.inbox(pageSlice(page, PAGE_SIZE));
    return {
      items: items.map((m) => ({
        id: m.id, fromName: m.fromName, email: m.email, lang: m.lang, excerpt: m.excerpt,
        receivedAt: m.receivedAt.toISOString(), read: m.readAt !== null,
      })),
      page, pageSize: PAGE_SIZE, total, unread,
    };
  },
});
