import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, CONTACT_LIMIT } from '../../../modules/contact/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

describe.each(backends)('contact messages on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeAll(async () => { handle = await openMigrated(backend); });
  afterAll(async () => handle?.close());

  const contactWith = (env: Record<string, string>) => createContact({
    config: { ...parseEnv(env), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db),
  });

  it('stores the message apart from the event and queues one e-mail to CONTACT_TO', async () => {
    const contact = contactWith({ CONTACT_TO: 'biuro@gestalt.test' });
    const result = await contact.send({ fromName: ' Anna ', email: 'anna@example.com', message: 'Pytanie o trening' }, { sender: '10.0.0.1', lang: 'pl' });
    expect(result.ok).toBe(true);
    const event = await handle.db.selectFrom('events').selectAll().where('type', '=', 'ContactMessageReceived').executeTakeFirstOrThrow();
    expect(JSON.stringify(event.data)).not.toMatch(/Anna|anna@example/);
    const stored = await handle.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ from_name: 'Anna', email: 'anna@example.com', message: 'Pytanie o trening' });
    const outbox = await handle.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.payload).toMatchObject({ to: 'biuro@gestalt.test', text: expect.stringContaining('Pytanie o trening') });
  });

  it('refuses a missing field or a bad e-mail', async () => {
    const contact = contactWith({});
    expect(await contact.send({ fromName: '', email: 'a@b.pl', message: 'x' }, { sender: 's', lang: 'en' })).toEqual({ ok: false, error: 'invalid' });
    expect(await contact.send({ fromName: 'A', email: 'nope', message: 'x' }, { sender: 's', lang: 'en' })).toEqual({ ok: false, error: 'invalid' });
  });

  it('limits messages per sender within a window, then allows them again', async () => {
    const contact = contactWith({});
    const at = new Date('2026-01-01T10:00:00Z');
    const send = (now: Date) => contact.send({ fromName: 'B', email: 'b@example.com', message: 'hi' }, { sender: '10.0.0.9', lang: 'en', now });
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect((await send(at)).ok).toBe(true);
    expect(await send(at)).toEqual({ ok: false, error: 'rate-limited' });
    expect((await send(new Date(at.getTime() + CONTACT_LIMIT.windowMs))).ok).toBe(true);
  });
});
