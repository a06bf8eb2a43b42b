import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContact } from '../../../modules/contact/index.ts';
import { EXCERPT } from '../../../modules/contact/inbox.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { DomainError, fixedClock } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

describe.each(backends)('the inbox of contact messages on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const clock = fixedClock('2026-01-01T10:00:00Z');
  let store: ReturnType<typeof createEventStore>;
  const open = () => {
    store = createEventStore(handle.db);
    const contact = createContact({ config: { ...parseEnv({}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store, clock });
    for (const p of contact.projections) store.addProjection(p);
    return contact;
  };
  const send = async (contact: ReturnType<typeof open>, fromName: string, email: string, message: string) => {
    clock.advance(60_000);
    return (await contact.send({ fromName, email, message }, { sender: `10.0.0.${fromName.length}`, lang: 'pl' })).id;
  };

  it('lists messages newest first with an excerpt, all unread until an admin opens one', async () => {
    const contact = open();
    const first = await send(contact, 'Anna', 'anna@example.com', 'Pierwsza');
    const second = await send(contact, 'Bartek', 'bartek@example.com', 'x'.repeat(EXCERPT + 50));
    const page = await contact.inbox({ offset: 0, limit: 20 });
    expect(page.items.map((m) => m.id)).toEqual([second, first]);
    expect(page).toMatchObject({ total: 2, unread: 2 });
    expect(page.items[0]!.excerpt).toBe(`${'x'.repeat(EXCERPT)}…`);
    expect(page.items.every((m) => m.readAt === null)).toBe(true);

    await contact.markRead(first, 'admin-1');
    await contact.markRead(first, 'admin-2');
    const after = await contact.inbox({ offset: 0, limit: 20 });
    expect(after.unread).toBe(1);
    expect(after.items.find((m) => m.id === first)?.readAt).toEqual(clock());
    const events = await handle.db.selectFrom('events').select(['type', 'metadata']).where('type', '=', 'ContactMessageRead').execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ actor: 'admin-1' });
    expect((await contact.message(first))?.message).toBe('Pierwsza');

    // The read marks are a read model: rebuilt from the log, they are the same.
    const live = await handle.db.selectFrom('contact_reads').selectAll().execute();
    await store.rebuildProjections();
    expect(await handle.db.selectFrom('contact_reads').selectAll().execute()).toEqual(live);
  });

  it('pages the list and refuses to mark an unknown message read', async () => {
    const contact = open();
    for (const name of ['A', 'Bb', 'Ccc']) await send(contact, name, `${name.toLowerCase()}@example.com`, 'hej');
    const second = await contact.inbox({ offset: 2, limit: 2 });
    expect(second.items.map((m) => m.fromName)).toEqual(['A']);
    expect(second.total).toBe(3);
    const refused = await contact.markRead('nope', 'admin-1').then(() => null, (e: unknown) => (e instanceof DomainError ? e.code : e));
    expect(refused).toBe('contact-message-not-found');
  });

  it('forgets every message from an address, whatever its case, read or not, and then finds none to read', async () => {
    const contact = open();
    const mine = await send(contact, 'Ola', 'Ola@Example.com', 'Moja');
    await send(contact, 'Ola', 'ola@example.com', 'Bez konta');
    const other = await send(contact, 'Piotr', 'piotr@example.com', 'Inna');
    await contact.markRead(mine, 'admin-1');
    await contact.forgetAddress('ola@example.com');
    const page = await contact.inbox({ offset: 0, limit: 20 });
    expect(page.items.map((m) => m.id)).toEqual([other]);
    expect(await contact.message(mine)).toBeNull();
    const refused = await contact.markRead(mine, 'admin-1').then(() => null, (e: unknown) => (e instanceof DomainError ? e.code : e));
    expect(refused).toBe('contact-message-not-found');
  });
});
