// A campaign to 10,000 recipients delivered by the campaign lane's outbox worker through the raw relay to a
// loopback SMTP server, with MAIL_RATE=0: messages per second, and duplicates counted by Message-ID.
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { createOutboxWorker } from '../modules/shared/outbox/index.ts';
import { backendName, openApp, type Backend } from './app.ts';
import { record } from './table.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);

/** Counts messages by Message-ID without parsing them (the relay's cost must not be the benchmark's). */
async function countingRelay() {
  const seen = new Map<string, number>();
  let received = 0;
  let onMessage = () => {};
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, disableReverseLookup: true, closeTimeout: 200,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => { if (head.length < 4096) head += chunk.toString('latin1'); });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? `(none ${received})`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        received += 1;
        onMessage();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    unique: () => seen.size,
    untilUnique: (count: number) => new Promise<void>((resolve) => {
      onMessage = () => { if (seen.size >= count) resolve(); };
      onMessage();
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verified users with an address, written straight into the accounts read model (set-up, not measured). */
async function addRecipients(db: Awaited<ReturnType<typeof openApp>>['db'], count: number) {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let from = 0; from < count; from += 1000) {
    const slice = ids.slice(from, from + 1000);
    await sql`insert into users (id, status, language, token_version, registered_at, verified_at)
      select id, 'verified', 'pl', 0, now(), now() from unnest(${slice}::text[]) as id`.execute(db);
    await sql`insert into user_personal_data (user_id, name, email, email_key, phone, password_hash)
      select id, 'Bench Reader', id || '@bench.example', id || '@bench.example', '+48 600 000 000', 'x' from unnest(${slice}::text[]) as id`.execute(db);
  }
}

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
