import * as v from 'valibot';
import { DomainError } from '../../../../../modules/shared/kernel/index.ts';
import { endpoint } from '../../../../server/endpoint.ts';

const NOT_FOUND = 'mailbox.notFound';

/** GET /api/admin/mailbox/{id} (admin): one message of the dev mailbox with its text and HTML; 404 for any other id. */
export const GET = endpoint({
  auth: 'admin',
  params: v.object({ id: v.pipe(v.string(NOT_FOUND), v.regex(/^[1-9]\d{0,14}$/, NOT_FOUND), v.transform(Number)) }),
  handle: async ({ params, services }) => {
    const entry = services.mailing.devMailboxEnabled ? await services.mailing.devMailboxEntry(params.id) : null;
    if (!entry) throw new DomainError('mailbox-not-found');
    return { id: entry.id, recipient: entry.recipient, subject: entry.subject, text: entry.text, html: entry.html, createdAt: entry.createdAt.toISOString() };
  },
});
