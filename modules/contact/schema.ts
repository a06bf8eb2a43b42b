import type { ColumnType } from 'kysely';

/**
 * The personal part of a contact message (name, e-mail, text) lives here, not in the event,
 * so it can be erased; the event log keeps only the message id.
 */
export interface ContactMessagesTable {
  id: string;
  from_name: string;
  email: string;
  message: string;
  lang: string;
  received_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ContactTables {
  contact_messages: ContactMessagesTable;
  contact_reads: ContactReadsTable;
}

/** The inbox's read marks, projected from ContactMessageRead: ids and times only, nothing that names the sender. */
export interface ContactReadsTable {
  message_id: string;
  read_at: ColumnType<Date, Date | string, never>;
}
