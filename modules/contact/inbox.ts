import { sql } from 'kysely';
import type { ModuleDb } from '../shared/db/index.ts';
import type { Projection, RecordedEvent } from '../shared/events/index.ts';
import { DomainError, handleCommand, type Clock, type CommandDeps } from '../shared/kernel/index.ts';
import { contactDecider, contactStream, type ContactEvent } from './message.ts';
import type { ContactTables } from './schema.ts';

/** contact_reads: one row per message first opened by an admin. Replay-safe. */
export const readsProjection: Projection<ContactTables> = {
  name: 'contact.reads',
  tables: ['contact_reads'],
  async apply(tx, recorded: RecordedEvent) {
    if (recorded.type !== 'ContactMessageRead') return;
    const { data } = recorded as unknown as Extract<ContactEvent, { type: 'ContactMessageRead' }>;
    await tx.insertInto('contact_reads').values({ message_id: data.messageId, read_at: data.readAt })
      .onConflict((c) => c.column('message_id').doNothing()).execute();
  },
};

export type InboxItem = { id: string; fromName: string; email: string; lang: string; receivedAt: Date; readAt: Date | null; excerpt: string };
export type InboxMessage = InboxItem & { message: string };

/** How much of a message the list shows: enough to tell messages apart, never the whole of a long one. */
export const EXCERPT = 140;

const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT).trimEnd()}…` : text);

/** The stored messages with their read marks (a message whose sender was erased is gone from both lists). */
function messages(db: ModuleDb<ContactTables>) {
  return db.selectFrom('contact_messages as m').leftJoin('contact_reads as r', 'r.message_id', 'm.id')
    .select(['m.id', 'm.from_name', 'm.email', 'm.lang', 'm.received_at', 'm.message', 'r.read_at']);
}

type Row = { id: string; from_name: string; email: string; lang: string; received_at: Date; message: string; read_at: Date | null };
const item = (r: Row): InboxItem => ({
  id: r.id, fromName: r.from_name, email: r.email, lang: r.lang, receivedAt: new Date(r.received_at),
  readAt: r.read_at ? new Date(r.read_at) : null, excerpt: excerptOf(r.message),
});

/** The admin's inbox: newest first, a page at a time, with how many there are and how many are unread. */
export async function inboxPage(db: ModuleDb<ContactTables>, slice: { offset: number; limit: number }) {
  const rows = await messages(db).orderBy('m.received_at', 'desc').orderBy('m.id', 'desc').offset(slice.offset).limit(slice.limit).execute();
  const counts = await db.selectFrom('contact_messages as m').leftJoin('contact_reads as r', 'r.message_id', 'm.id')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where r.message_id is null)`.as('unread')])
    .executeTakeFirstOrThrow();
  return { items: rows.map(item), total: Number(counts.total), unread: Number(counts.unread) };
}

/** One message with its whole text; null when there is none (or its sender was erased). */
export async function inboxMessage(db: ModuleDb<ContactTables>, id: string): Promise<InboxMessage | null> {
  const row = await messages(db).where('m.id', '=', id).executeTakeFirst();
  return row ? { ...item(row), message: row.message } : null;
}

/** Marks a message read for every admin (ContactMessageRead, by `adminId`); reading it again changes nothing. */
export function createMarkRead(deps: { db: ModuleDb<ContactTables>; kernel: CommandDeps; clock: Clock }) {
  return async function markRead(id: string, adminId: string): Promise<void> {
    // An erased message keeps its stream but has nothing to read: it is not found, as for an admin it never was.
    if (!(await deps.db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst())) throw new DomainError('contact-message-not-found');
    await handleCommand(deps.kernel, contactDecider, contactStream(id), { type: 'MarkRead', messageId: id, now: deps.clock().toISOString() }, { metadata: { actor: adminId } });
  };
}
