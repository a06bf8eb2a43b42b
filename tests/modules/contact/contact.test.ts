import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactDecider, MAX_MESSAGE, MAX_NAME, type ContactCommand } from '../../../modules/contact/message.ts';
import { CONTACT_LIMIT, createContact } from '../../../modules/contact/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { DomainError, fixedClock } from '../../../modules/shared/kernel/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';
import { backends, openMigrated } from '../../support/databases.ts';

describe('a contact message', () => {
  const { given } = deciderSpec(contactDecider);
  const now = '2026-03-01T10:00:00.000Z';
  const receive = (fields: Partial<Extract<ContactCommand, { type: 'ReceiveMessage' }>['fields']> = {}): ContactCommand => ({
    type: 'ReceiveMessage', messageId: 'm1', lang: 'pl', now, fields: { fromName: 'Anna', email: 'anna@example.com', message: 'Pytanie', ...fields },
  });
  const received = { type: 'ContactMessageReceived', data: { messageId: 'm1', lang: 'pl', receivedAt: now } } as const;

  it('is received with a name, an address and a text, keeping none of them in the event', () =>
    given([]).when(receive({ fromName: ' Anna ' })).then([received]));
  it('is refused without a name, a text, or with only spaces in them', () => {
    given([]).when(receive({ fromName: '' })).thenThrows('contact-invalid');
    given([]).when(receive({ message: '   ' })).thenThrows('contact-invalid');
  });
  it('is refused with an address that is not one', () =>
    given([]).when(receive({ email: 'nope' })).thenThrows('contact-invalid'));
  it('takes a name and a text at their longest, and refuses one character more', () => {
    given([]).when(receive({ fromName: 'a'.repeat(MAX_NAME), message: 'x'.repeat(MAX_MESSAGE) })).then([received]);
    given([]).when(receive({ fromName: 'a'.repeat(MAX_NAME + 1) })).thenThrows('contact-invalid');
    given([]).when(receive({ message: 'x'.repeat(MAX_MESSAGE + 1) })).thenThrows('contact-invalid');
  });
  it('is received once when the same message comes again', () =>
    given([received]).when(receive()).thenNothing());

  const markRead: ContactCommand = { type: 'MarkRead', messageId: 'm1', now: '2026-03-02T09:00:00.000Z' };
  const read = { type: 'ContactMessageRead', data: { messageId: 'm1', readAt: '2026-03-02T09:00:00.000Z' } } as const;
  it('is read when an admin opens it, once', () => {
    given([received]).when(markRead).then([read]);
    given([received, read]).when(markRead).thenNothing();
  });
  it('cannot be read before it was received', () =>
    given([]).when(markRead).thenThrows('contact-message-not-found'));
});

describe.each(backends)('contact messages on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const contactWith = (env: Record<string, string>, clock = fixedClock('2026-01-01T10:00:00Z')) => createContact({
    config: { ...parseEnv(env), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db), clock,
  });
  const refusal = (sent: Promise<unknown>) => sent.then(() => null, (e: unknown) => (e instanceof DomainError ? e.code : e));

  it('stores the message apart from the event and queues one e-mail to CONTACT_TO', async () => {
    const contact = contactWith({ CONTACT_TO: 'biuro@gestalt.test' });
    await contact.send({ fromName: ' Anna ', email: 'anna@example.com', message: 'Pytanie o trening' }, { sender: '10.0.0.1', lang: 'pl' });
    const event = await handle.db.selectFrom('events').selectAll().where('type', '=', 'ContactMessageReceived').executeTakeFirstOrThrow();
    expect(JSON.stringify(event.data)).not.toMatch(/Anna|anna@example/);
    const stored = await handle.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ from_name: 'Anna', email: 'anna@example.com', message: 'Pytanie o trening' });
    const outbox = await handle.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.payload).toMatchObject({ to: 'biuro@gestalt.test', text: expect.stringContaining('Pytanie o trening') });
  });

  it('refuses a missing field or a bad e-mail and stores nothing', async () => {
    const contact = contactWith({});
    expect(await refusal(contact.send({ fromName: '', email: 'a@b.pl', message: 'x' }, { sender: 's', lang: 'en' }))).toBe('contact-invalid');
    expect(await refusal(contact.send({ fromName: 'A', email: 'nope', message: 'x' }, { sender: 's', lang: 'en' }))).toBe('contact-invalid');
    expect(await handle.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('takes five messages per sender in ten minutes, refuses the sixth, and takes them again when the window is over', async () => {
    const clock = fixedClock('2026-01-01T10:00:00Z');
    const contact = contactWith({}, clock);
    const send = (sender = '10.0.0.9') => refusal(contact.send({ fromName: 'B', email: 'b@example.com', message: 'hi' }, { sender, lang: 'en' }));
    // An invalid message is refused without counting.
    expect(await refusal(contact.send({ fromName: 'B', email: 'nope', message: 'hi' }, { sender: '10.0.0.9', lang: 'en' }))).toBe('contact-invalid');
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect(await send()).toBeNull();
    expect(await send()).toBe('rate-limited');
    expect(await send('10.0.0.10')).toBeNull();
    clock.advance(CONTACT_LIMIT.windowSeconds * 1000 - 1);
    expect(await send()).toBe('rate-limited');
    clock.advance(1);
    expect(await send()).toBeNull();
  });
});
