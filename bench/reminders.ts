// Reminders (issue 24): 5,000 buyers of one session, their reminders planned when each purchase is paid, then time
// moved so their reminders come due, and the server's outbox worker sending them through the real mail path
// (meetings' handler, the sent-ledger, nodemailer) to a loopback SMTP server at MAIL_RATE=0. Duplicates are counted by
// Message-ID. Figures, not tests.
//
// Moving time: the modules read a clock of the benchmark's (the handler's verdict, the mail's wording), while the
// outbox's due times are compared with the database's `now()`, which no test can move. Moving the clock forward by Δ
// is therefore also moving every pending row's due time back by Δ: the same order, the same rows due.
import { sql } from 'kysely';
import { DEMO_KEYS } from '../modules/catalogue/index.ts';
import { MEETING_TOPICS } from '../modules/meetings/index.ts';
import { createOutboxWorker } from '../modules/shared/outbox/index.ts';
import { outboxWorkers } from '../src/server/runtime.ts';
import { backendName, inParallel, openApp, type Backend } from './app.ts';
import { addRecipients, countingRelay } from './relay.ts';
import { record } from './table.ts';

const BUYERS = Number(process.env.BENCH_REMINDER_BUYERS ?? 5000);
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

export async function remindersBench(backend: Backend) {
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);
  const relay = await countingRelay();
  const app = await openApp(backend, { SMTP_URL: relay.url, MAIL_RATE: '0' }, { clock });
  const label = backendName(backend);
  try {
    const { catalogue, purchases } = app.wired.services;
    // One session two days ahead (on the minute): both of its reminders (a day and an hour before) lie ahead of every purchase.
    const start = new Date(Math.ceil((Date.now() + 2 * DAY) / MINUTE) * MINUTE);
    const { key: _key, ...seminar } = (await catalogue.adminProducts()).find((p) => p.key === DEMO_KEYS.shame)!;
    const key = await catalogue.createProduct({
      ...seminar, title: 'Seminarium (benchmark)', titleEn: 'Seminar (benchmark)', capacity: null, published: true,
      sessions: [{ start: start.toISOString(), end: new Date(start.getTime() + 180 * MINUTE).toISOString() }],
      liveLink: 'https://meet.example/bench-room', recordingLink: null,
    }, 'bench');
    const priceId = (await catalogue.adminProducts()).find((p) => p.key === key)!.price.find((p) => p.name === 'PLN')!.api;
    const consents = (await purchases.consentsToShow(key, 'pl')).map((c) => c.kind);

    // Buyers (a third with English accounts), each buying on the dev checkout: the path a Stripe payment takes too.
    const buyers = await addRecipients(app.db, BUYERS, (i) => (i % 3 === 2 ? 'en' : 'pl'));
    const bought = performance.now();
    await inParallel(BUYERS, 16, async (i) => {
      const userId = buyers[i]!;
      const { purchaseId } = await purchases.startCheckout({ userId, email: `${userId}@bench.example`, productKey: key, priceId, locale: 'pl', consents });
      await purchases.payDevCheckout(purchaseId, userId);
    });
    const buySeconds = (performance.now() - bought) / 1000;

    // The reminders planned as the server plans them (the schedule row each payment wrote); the purchases' other
    // mail (confirmations with their invitations) is not this benchmark's and is set aside unsent.
    const planned = performance.now();
    await createOutboxWorker(app.db, { handlers: app.wired.outboxHandlers, topics: [MEETING_TOPICS.schedule], batchSize: 100, concurrency: 8 }).drainOnce();
    const planSeconds = (performance.now() - planned) / 1000;
    await app.db.updateTable('outbox').set({ status: 'done', done_at: sql`now()` }).where('status', '=', 'pending').where('topic', '!=', MEETING_TOPICS.remind).execute();
    const queued = await app.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('topic', '=', MEETING_TOPICS.remind).where('status', '=', 'pending').executeTakeFirstOrThrow();
    record({ what: 'reminders planned (schedule handler, one row per reminder)', case: `${BUYERS.toLocaleString('en-US')} buyers of one session · ${label}`,
      result: `${queued.n} timed rows in ${planSeconds.toFixed(1)} s; ${BUYERS.toLocaleString('en-US')} bought on the dev checkout in ${buySeconds.toFixed(0)} s (set-up)` });

    /** Moves the clock to `at` (and so every pending row's due time back by as much), then runs the server's worker until `count` messages in all have arrived. */
    const sendUntil = async (at: Date, count: number) => {
      const delta = at.getTime() - clock().getTime();
      shift += delta;
      await sql`update outbox set next_attempt_at = next_attempt_at - ${`${delta} milliseconds`}::interval,
        not_before = not_before - ${`${delta} milliseconds`}::interval where status = 'pending'`.execute(app.db);
      // The server's workers (src/server/runtime.ts): the usual one and one per lane, the reminders' among them.
      const worker = outboxWorkers(app.db, app.wired.outboxHandlers, app.wired.outboxLanes, app.log);
      const t0 = performance.now();
      const cpu = process.cpuUsage();
      worker.start();
      await relay.untilUnique(count);
      const seconds = (performance.now() - t0) / 1000;
      const used = process.cpuUsage(cpu);
      await worker.stop();
      return { seconds, cpuMs: (used.user + used.system) / 1000 / BUYERS };
    };
    const row = (what: string, r: { seconds: number; cpuMs: number }) => {
      const duplicates = relay.received() - relay.unique();
      record({
        what, case: `${BUYERS.toLocaleString('en-US')} buyers of one session, loopback SMTP, MAIL_RATE=0 · ${label}`, rps: BUYERS / r.seconds, errors: duplicates,
        result: `all sent in ${r.seconds.toFixed(1)} s (target 120 s); CPU ${r.cpuMs.toFixed(2)} ms/reminder; duplicates ${duplicates}`,
      });
    };
    // The day before, just past the reminder's moment; then an hour before the session, just past that one's.
    row('reminders sent: the day before', await sendUntil(new Date(start.getTime() - DAY + 30_000), BUYERS));
    row('reminders sent: the hour before', await sendUntil(new Date(start.getTime() - 60 * MINUTE + 30_000), 2 * BUYERS));
    const ledger = await sql<{ outcome: string; n: string }>`select outcome, count(*) as n from meeting_reminders group by outcome order by outcome`.execute(app.db);
    const left = await app.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('topic', '=', MEETING_TOPICS.remind).where('status', '!=', 'done').executeTakeFirstOrThrow();
    record({ what: 'reminders: sent-ledger after both', case: label, result: `${ledger.rows.map((r) => `${r.outcome} ${r.n}`).join(', ')}; ${left.n} rows not done` });
  } finally {
    await app.close();
    await relay.close();
  }
}
