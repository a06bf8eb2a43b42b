import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailing, mailMessage, type Mail } from '../../../modules/mailing/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { createOutboxWorker, defaultBackoff, type OutboxWorkerOptions } from '../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startSmtp } from '../../support/smtp.ts';
import { startTcpProxy } from '../../support/tcp-proxy.ts';

/** Mail when the relay is down, refusing, hanging or not offering the TLS we insist on. */
const mail: Mail = { to: 'anna@example.com', subject: 'Potwierdź adres e-mail', text: 'Treść', html: '<p>Treść</p>' };

type Line = { level: 'info' | 'warn' | 'error'; obj: object; msg?: string };

describe.each(backends)('mail through a troubled relay on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  const relays: { close(): Promise<void> }[] = [];
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.close()));
    await handle?.close();
  });

  const relay = async (opts: Parameters<typeof startSmtp>[0] = {}) => {
    const r = await startSmtp(opts);
    relays.push(r);
    return r;
  };
  const setup = (smtpUrl: string | undefined, options: Partial<OutboxWorkerOptions> = {}) => {
    const ctx = { config: { ...parseEnv(smtpUrl ? { SMTP_URL: smtpUrl } : {}), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db) };
    const mailing = createMailing(ctx);
    const lines: Line[] = [];
    const log = {
      info: (obj: object, msg?: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg?: string) => lines.push({ level: 'warn', obj, msg }),
      error: (obj: object, msg?: string) => lines.push({ level: 'error', obj, msg }),
    };
    const worker = createOutboxWorker(handle.db, { handlers: mailing.outboxHandlers, log, backoffMs: () => 0, ...options });
    return { ctx, mailing, worker, lines };
  };
  const outboxRow = () => handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();

  it('keeps retrying a relay that is down with growing back-off, one warning line per failed attempt, and delivers once it is back', async () => {
    const smtp = await relay();
    const proxy = await startTcpProxy('127.0.0.1', smtp.port);
    relays.push(proxy);
    proxy.cut();
    const { ctx, worker, lines } = setup(`smtp://127.0.0.1:${proxy.port}`, { backoffMs: defaultBackoff });
    await ctx.store.append('u-1', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('verify:u-1', mail)] });
    const delays: number[] = [];
    // Far more attempts than the old limit of 8. Time is moved on by making the retry due, not by waiting.
    for (let i = 0; i < 12; i++) {
      await worker.drainOnce();
      await worker.drainOnce(); // not due yet: no attempt, no log line
      const row = await outboxRow();
      delays.push(Math.ceil((row.next_attempt_at.getTime() - Date.now()) / 1000));
      await sql`update outbox set next_attempt_at = now() - interval '1 second'`.execute(handle.db);
    }
    const row = await outboxRow();
    expect([row.status, row.attempts]).toEqual(['pending', 12]);
    // 1 s, 2 s, 4 s … and never more than 10 minutes apart.
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(delays.slice(-2)).toEqual([600, 600]);
    expect(lines.map((l) => [l.level, l.msg])).toEqual(Array.from({ length: 12 }, () => ['warn', 'outbox delivery failed, will retry']));

    proxy.restore();
    await worker.drainOnce();
    await smtp.waitFor(1);
    expect((await outboxRow()).status).toBe('done');
    expect(lines).toHaveLength(12);
  });

  it('retries instead of losing mail when requireTLS meets a relay without STARTTLS, and sends nothing in plain text', async () => {
    const plain = await relay();
    const { ctx, worker, lines } = setup(`${plain.url}?requireTLS=true&rejectUnauthorized=false`, { backoffMs: () => 60_000 });
    await ctx.store.append('u-2', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('verify:u-2', mail)] });
    await worker.drainOnce();
    await worker.drainOnce();
    const row = await outboxRow();
    expect([row.status, row.attempts]).toEqual(['pending', 1]);
    expect(row.last_error).toMatch(/STARTTLS/);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(lines.map((l) => l.level)).toEqual(['warn']);
    expect([plain.received.length, plain.dataStarted()]).toEqual([0, 0]);
  });

  it('delivers over STARTTLS with requireTLS through the outbox, keeping the Message-ID of the outbox row', async () => {
    const secured = await relay({ tls: 'starttls' });
    const { ctx, worker } = setup(`${secured.url}?requireTLS=true&rejectUnauthorized=false`);
    await ctx.store.append('u-3', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('verify:u-3', mail)] });
    await worker.drainOnce();
    const [received] = await secured.waitFor(1);
    const row = await outboxRow();
    expect(received!.secure).toBe(true);
    expect(received!.parsed.messageId).toBe(`<outbox-${row.id}@localhost>`);
    expect(row.status).toBe('done');
  });

  it('stops without waiting for a relay that never answers DATA; the message stays pending and goes out on the next start', async () => {
    const hanging = await relay({ hangData: true });
    const healthy = await relay();
    const first = setup(hanging.url, { leaseMs: 300, stopTimeoutMs: 200, idlePollMs: 50 });
    await first.ctx.store.append('u-4', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('verify:u-4', mail)] });
    first.worker.start();
    await hanging.waitForData(1);
    await first.worker.stop();
    // stop() came back while the relay still sits on the message: it did not wait for the delivery.
    expect(hanging.received).toEqual([]);
    expect(first.lines.map((l) => l.msg)).toEqual(['outbox worker stopped with a delivery in flight; it stays pending and is retried after its lease']);
    expect((await outboxRow()).status).toBe('pending');

    const second = setup(healthy.url, { idlePollMs: 50 });
    second.worker.start();
    const [received] = await healthy.waitFor(1);
    await second.worker.stop();
    expect(received!.envelopeTo).toEqual(['anna@example.com']);
    const row = await outboxRow();
    expect(row.status).toBe('done');
    expect(received!.parsed.messageId).toBe(`<outbox-${row.id}@localhost>`);
  });

  it('reports mail as degraded while a message has waited more than 10 minutes, and ok otherwise', async () => {
    const { ctx, mailing } = setup(undefined);
    expect(await mailing.health()).toBe('ok');
    await ctx.store.append('u-5', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('verify:u-5', mail)] });
    await sql`update outbox set created_at = now() - interval '9 minutes'`.execute(handle.db);
    expect(await mailing.health()).toBe('ok');
    await sql`update outbox set created_at = now() - interval '11 minutes'`.execute(handle.db);
    expect(await mailing.health()).toBe('degraded');
    // Given up counts as undelivered too; delivered does not.
    await handle.db.updateTable('outbox').set({ status: 'failed' }).execute();
    expect(await mailing.health()).toBe('degraded');
    await handle.db.updateTable('outbox').set({ status: 'done', done_at: new Date() }).execute();
    expect(await mailing.health()).toBe('ok');
    // Other topics are not mail.
    await ctx.store.append('u-6', 'any', [{ type: 'A', data: {} }], { outbox: [{ topic: 'webhook', dedupeKey: 'w-1', payload: {} }] });
    await sql`update outbox set created_at = now() - interval '1 hour' where topic = 'webhook'`.execute(handle.db);
    expect(await mailing.health()).toBe('ok');
  });
});
