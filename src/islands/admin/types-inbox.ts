/** The inbox API's shapes as the panel reads them (GET /api/admin/contact-messages and /{id}). */
export type InboxItem = { id: string; fromName: string; email: string; lang: string; excerpt: string; receivedAt: string; read: boolean };
export type InboxList = { items: InboxItem[]; page: number; pageSize: number; total: number; unread: number };
export type InboxMessage = Omit<InboxItem, 'excerpt'> & { message: string };
