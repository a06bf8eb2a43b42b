import { sql } from 'kysely';
import type { ModuleDb } from '../shared/db/index.ts';
import type { Projection } from '../shared/events/index.ts';
import { randomIds, systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { createRateLimiter } from '../shared/rate-limit/index.ts';
import { createSend } from './handlers.ts';
import { createMarkRead, inboxMessage, inboxPage, readsProjection } from './inbox.ts';
import type { ContactTables } from './schema.ts';

export { CONTACT_LIMIT } from './handlers.ts';
export { ContactFields, MAX_MESSAGE, MAX_NAME, type ContactInput } from './message.ts';
export type { ContactTables } from './schema.ts';
export type { InboxItem, InboxMessage } from './inbox.ts';

/**
 * Contact: messages from the home page and /kontakt, stored and e-mailed to CONTACT_TO through the outbox.
 * The message is written beside its event (personal data stays out of the log); the admin's inbox lists them with
 * read marks projected from ContactMessageRead. Refusals: `contact-invalid`, `rate-limited`, `contact-message-not-found`.
 */
export function createContact(ctx: ModuleContext) {
  const db = ctx.db as unknown as ModuleDb<ContactTables>;
  const clock = ctx.clock ?? systemClock;
  const kernel = { db, store: ctx.store };
  const send = createSend({ db, clock, ids: ctx.ids ?? randomIds, config: ctx.config, kernel, limiter: createRateLimiter(db, { clock }) });
  return {
    projections: [readsProjection] as Projection[],
    /** Sends a message; `sender` is the client address the limit counts. */
    async send(input: Parameters<typeof send>[0], opts: Parameters<typeof send>[1]) {
      const sent = await send(input, opts);
      if (!ctx.config.CONTACT_TO) ctx.log.warn({ messageId: sent.id }, "contact message stored in the admin panel's inbox (Messages); CONTACT_TO is not set, so nobody is mailed");
      return sent;
    },
    /** The admin's inbox, newest first: a page of messages (an excerpt of each), the total and the unread count. */
    inbox: (slice: { offset: number; limit: number }) => inboxPage(db, slice),
    /** One message in full, or null. */
    message: (id: string) => inboxMessage(db, id),
    /** An admin opened the message: it is read from now on, for every admin. */
    markRead: createMarkRead({ db, kernel, clock }),
    /** Forgets every message sent from `email` (its sender's account was deleted): the events keep only message ids. */
    async forgetAddress(email: string): Promise<void> {
      await db.deleteFrom('contact_messages').where(sql<string>`lower(trim(email))`, '=', email.trim().toLowerCase()).execute();
    },
  };
}

export type Contact = ReturnType<typeof createContact>;
