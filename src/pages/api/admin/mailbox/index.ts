import * as v from 'valibot';
import { endpoint } from '../../../../server/endpoint.ts';
import { pageParam, pageSlice, readQuery } from '../../../../server/query.ts';

const PAGE_SIZE = 50;

/**
 * GET /api/admin/mailbox?page= (admin): the dev mailbox (mail kept instead of sent while SMTP_URL is unset),
 * newest first, without the bodies; with SMTP_URL set it is off and empty.
 */
export const GET = endpoint({
  auth: 'admin',
  handle: async ({ services, context }) => {
    const { page } = readQuery(context.url, v.object({ page: pageParam }));
    const { mailing } = services;
    const { items, total } = mailing.devMailboxEnabled ? await mailing.devMailboxPage(pageSlice(page, PAGE_SIZE)) : { items: [], total: 0 };
    return {
      enabled: mailing.devMailboxEnabled,
      items: items.map((m) => ({ id: m.id, recipient: m.recipient, subject: m.subject, createdAt: m.createdAt.toISOString() })),
      page, pageSize: PAGE_SIZE, total,
    };
  },
});
