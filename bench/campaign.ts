// A campaign to 10,000 recipients delivered by the campaign lane's outbox worker through the raw relay to a
// loopback SMTP server, with MAIL_RATE=0: messages per second, and duplicates counted by Message-ID.
import { randomUUID } from 'node:crypto';
import { createOutboxWorker } from '../modules/shared/outbox/index.ts';
import { backendName, openApp, type Backend } from './app.ts';
import { addRecipients, countingRelay } from './relay.ts';
import { record } from './table.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);

export async function campaignBench(backend: Backend) {
  const relay = await countingRelay();
  const app = await openApp(backend, { SMTP_URL: relay.url, MAIL_RATE: '0' });
  try {
    await addRecipients(app.db, RECIPIENTS);
    const { campaigns } = app.wired.services;
    const audience = (await app.wired.services.accounts.verifiedUserIds()).length;
    const lane = app.wired.outboxLanes[0]!;
    const worker = createOutboxWorker(app.db, { handlers: app.wired.outboxHandlers, log: app.log, topics: lane.topics, leaseMs: lane.leaseMs, batchSize: lane.batchSize, concurrency: lane.concurrency });
    const admin = randomUUID();
    const t0 = performance.now();
    await campaigns.start({ subject: 'Nowy cykl seminariów', body: 'Zapraszamy na nowy cykl seminariów.\n\nDo zobaczenia!', target: 'all' }, admin);
    const written = (performance.now() - t0) / 1000;
    const started = performance.now();
    const cpu = process.cpuUsage();
    worker.start();
    await relay.untilUnique(audience);
    const seconds = (performance.now() - started) / 1000;
    // This process's CPU per message (sender, relay and, on PGlite, the database): steadier than the rate on a busy machine.
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / audience;
    await worker.stop();
    const duplicates = relay.received() - relay.unique();
    record({
      what: 'campaign, MAIL_RATE=0', case: `${audience.toLocaleString('en-US')} recipients, loopback SMTP · ${backendName(backend)}`, errors: duplicates,
      result: `${Math.round(audience / seconds).toLocaleString('en-US')} messages/s (${seconds.toFixed(1)} s; started in ${written.toFixed(1)} s; CPU ${cpuMs.toFixed(2)} ms/message); duplicates ${duplicates}`,
    });
  } finally {
    await app.close();
    await relay.close();
  }
}
