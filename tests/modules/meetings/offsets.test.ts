import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMeetings, reminderReplanMessage, reminderScheduleMessage, type MeetingProduct } from '../../../modules/meetings/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { addToOutbox, createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';

const MIN = 60_000;

/** Each product's own reminder offsets (the catalogue's setting, through the `reminderOffsets` port), changed after a sale. */
describe.each(backends)('a product\'s reminder offsets on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  it('plans by the product\'s offsets; one it no longer has is not sent; planned again, the new one goes at its moment', async () => {
    const now = Date.now();
    const product: MeetingProduct = {
      key: 'seminar', title: { pl: 'Seminarium', en: 'Seminar' }, liveAt: new Date(now + 40 * MIN), durationMinutes: 90,
      sessions: [{ id: 's1', start: new Date(now + 40 * MIN), end: new Date(now + 130 * MIN) }], liveLink: 'https://meet.example/room',
    };
    let offsets = [60, 30];
    const subjects: string[] = [];
    const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'r'.repeat(40) };
    const meetings = createMeetings({ config, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db) }, {
      purchase: async (purchaseId) => ({ purchaseId, userId: 'u1', productKey: product.key, standing: 'active' }),
      product: async () => product,
      buyer: async () => ({ email: 'ewa@example.com', name: 'Ewa', language: 'pl' }),
      send: async (mail) => { subjects.push(mail.subject); },
      reminderOffsets: async () => offsets,
      origin: () => 'https://gestalt.test',
    });
    const worker = createOutboxWorker(handle.db, { handlers: meetings.outboxHandlers });
    const rows = async () => (await handle.db.selectFrom('outbox').select(['dedupe_key', 'not_before', 'status']).where('topic', '=', 'meeting-reminder').orderBy('dedupe_key').execute())
      .map((r) => `${r.dedupe_key}:${r.status}`);
    const ledger = async () => (await handle.db.selectFrom('meeting_reminders' as never).selectAll().execute() as { kind: string; outcome: string }[])
      .map((l) => `${l.kind}:${l.outcome}`).sort();

    // Planned with the product's own offsets, not the default day and hour: the hour-before is past (due now), the half-hour ahead.
    await addToOutbox(handle.db, [reminderScheduleMessage('p1')]);
    await createOutboxWorker(handle.db, { handlers: meetings.outboxHandlers, topics: ['meeting-reminders-schedule'] }).drainOnce();
    expect(await rows()).toEqual(['reminder:p1:s1:30:pending', 'reminder:p1:s1:60:pending']);
    offsets = [45];
    await worker.drainOnce();
    // By the time the hour-before came due, the product reminded 45 minutes before only: it is not sent.
    expect(await rows()).toEqual(['reminder:p1:s1:30:pending', 'reminder:p1:s1:60:done']);
    expect(await ledger()).toEqual(['60:skipped-superseded']);
    expect(subjects).toEqual([]);

    // Planned again (the catalogue's announcement fans out to this): the 45 minutes' moment has passed, so it goes now.
    await addToOutbox(handle.db, [reminderReplanMessage('p1', 'o1')]);
    await worker.drainOnce();
    expect(await ledger()).toEqual(['45:sent', '60:skipped-superseded']);
    expect(subjects).toEqual(['Przypomnienie: „Seminarium” za 40 minut']);
  });
});
