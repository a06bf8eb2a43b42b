import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailing, mailMessage, type Mail } from '../../../modules/mailing/index.ts';
import { parseEnv } from '../../../modules/shared/config/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { createOutboxWorker } from '../../../modules/shared/outbox/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { startSmtp } from '../../support/smtp.ts';

const mail: Mail = {
  to: 'Anna.Kowalska@example.com',
  subject: 'Potwierdź adres e-mail',
  text: 'Kliknij: http://localhost:3000/verify-email/abc123',
  html: '<p>Kliknij: <a href="http://localhost:3000/verify-email/abc123">link</a></p>',
  attachments: [{ filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' }],
};

describe.each(backends)('mail delivery on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => { smtp = await startSmtp({ user: 'mailer', password: 's3cret' }); });
  afterAll(async () => smtp?.close());
  beforeEach(async () => { handle = await openMigrated(backend); smtp.received.length = 0; });
  afterEach(async () => handle?.close());

  const setup = (env: Record<string, string>) => {
    const ctx = { config: { ...parseEnv(env), JWT_SECRET: 'x'.repeat(32) }, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db) };
    const mailing = createMailing(ctx);
    return { ctx, mailing, worker: createOutboxWorker(handle.db, { handlers: mailing.outboxHandlers, backoffMs: () => 0 }) };
  };

  it('sends through SMTP, with authentication, as text and HTML with attachments', async () => {
    const { ctx, worker } = setup({ SMTP_URL: smtp.url, MAIL_FROM: 'Gestalt Online <no-reply@gestalt.test>' });
    await ctx.store.append('user-1', 'any', [{ type: 'Something', data: {} }], { outbox: [mailMessage('verify:user-1', mail)] });
    await worker.drainOnce();
    const [received] = await smtp.waitFor(1);
    expect(received!.envelopeTo).toEqual(['Anna.Kowalska@example.com']);
    expect(received!.parsed.subject).toBe('Potwierdź adres e-mail');
    expect(received!.parsed.from?.text).toContain('no-reply@gestalt.test');
    expect(received!.parsed.text).toContain('http://localhost:3000/verify-email/abc123');
    expect(received!.parsed.html).toContain('<a href="http://localhost:3000/verify-email/abc123">');
    expect(received!.parsed.attachments.map((a) => a.filename)).toEqual(['event.ics']);
  });

  it('sends a calendar invitation as a text/calendar; method=REQUEST alternative and as an .ics attachment', async () => {
    const { ctx, worker } = setup({ SMTP_URL: smtp.url });
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    const invite: Mail = { ...mail, attachments: [], calendar: { method: 'REQUEST', filename: 'zaproszenie.ics', content: ics } };
    await ctx.store.append('user-9', 'any', [{ type: 'Something', data: {} }], { outbox: [mailMessage('invite:user-9', invite)] });
    await worker.drainOnce();
    const [received] = await smtp.waitFor(1);
    expect(received!.raw).toMatch(/Content-Type: multipart\/alternative[^]*Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const files = received!.parsed.attachments.map((a) => [a.contentType, a.filename ?? null, a.content.toString('utf8')]);
    expect(files).toEqual([['text/calendar', null, ics], ['application/ics', 'zaproszenie.ics', ics]]);
  });

  it('retries after an SMTP failure and delivers exactly once', async () => {
    const { ctx, worker } = setup({ SMTP_URL: smtp.url });
    smtp.failNext(1);
    await ctx.store.append('user-2', 'any', [{ type: 'Something', data: {} }], { outbox: [mailMessage('reset:user-2', mail)] });
    await worker.drainOnce();
    await smtp.waitFor(1);
    await worker.drainOnce();
    expect(smtp.received).toHaveLength(1);
    const row = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect([row.status, row.attempts]).toEqual(['done', 2]);
  });

  it('never mails twice for the same cause', async () => {
    const { ctx, worker } = setup({ SMTP_URL: smtp.url });
    await ctx.store.append('user-3', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('welcome:user-3', mail)] });
    await ctx.store.append('user-3', 'any', [{ type: 'B', data: {} }], { outbox: [mailMessage('welcome:user-3', mail)] });
    await worker.drainOnce();
    await smtp.waitFor(1);
    // One row for the cause, delivered: nothing is left that could send a second copy.
    const rows = await handle.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows).toEqual([{ status: 'done', attempts: 1 }]);
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps mail in the dev mailbox when no SMTP_URL is set', async () => {
    const { ctx, mailing, worker } = setup({});
    await ctx.store.append('user-4', 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage('verify:user-4', mail)] });
    await worker.drainOnce();
    const box = await mailing.devMailbox();
    expect(box).toHaveLength(1);
    expect(box[0]).toMatchObject({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    expect(smtp.received).toHaveLength(0);
  });

  it('pages the dev mailbox newest first with its count, and finds one message by id', async () => {
    const { ctx, mailing, worker } = setup({});
    for (const n of [1, 2, 3]) {
      await ctx.store.append(`user-5${n}`, 'any', [{ type: 'A', data: {} }], { outbox: [mailMessage(`verify:user-5${n}`, { ...mail, subject: `S${n}` })] });
    }
    await worker.drainOnce();
    expect(mailing.devMailboxEnabled).toBe(true);
    const first = await mailing.devMailboxPage({ offset: 0, limit: 2 });
    expect([first.total, first.items.map((m) => m.subject)]).toEqual([3, ['S3', 'S2']]);
    const second = await mailing.devMailboxPage({ offset: 2, limit: 2 });
    expect([second.total, second.items.map((m) => m.subject)]).toEqual([3, ['S1']]);
    expect(await mailing.devMailboxEntry(second.items[0]!.id)).toMatchObject({ subject: 'S1', text: mail.text, html: mail.html, recipient: mail.to });
    expect(await mailing.devMailboxEntry(second.items[0]!.id + 1000)).toBeNull();
    expect(setup({ SMTP_URL: smtp.url }).mailing.devMailboxEnabled).toBe(false);
  });
});
