import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_REQUEST_TOPIC, type RequestInfo } from '../../../../modules/accounts/index.ts';
import { AWAITED_MAIL_TOPIC, awaitedMailLane, MAIL_TOPIC, type Mail } from '../../../../modules/mailing/index.ts';
import { addToOutbox, type OutboxWorker } from '../../../../modules/shared/outbox/index.ts';
import { outboxWorkers } from '../../../../src/server/runtime.ts';
import { backends, openMigrated } from '../../../support/databases.ts';
import { accountsInstance } from '../../../support/accounts-module.ts';

const BACKLOG = 10_000;
const req: RequestInfo = { ip: '10.0.0.7', language: 'pl' };

/**
 * Mail a person waits for travels on a lane of its own: after an import that queued a certificate check per purchase,
 * a new user's verification mail goes out while that backlog is still being worked through, not after it.
 */
describe.each(backends)('mail someone is waiting for, behind a backlog, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  let workers: OutboxWorker | undefined;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => { await workers?.stop(); await handle?.close(); });

  it(`sends the verification mail while ${BACKLOG} background items still wait`, async () => {
    for (let i = 0; i < BACKLOG; i += 1000) {
      await addToOutbox(handle.db, Array.from({ length: 1000 }, (_, j) => ({ topic: 'certificate-check', dedupeKey: `check:${i + j}`, payload: { n: i + j } })));
    }
    const { accounts } = accountsInstance(handle);
    let checked = 0;
    let checkedWhenSent: number | null = null;
    const sent: Mail[] = [];
    const send = async (payload: unknown) => {
      sent.push(payload as Mail);
      checkedWhenSent ??= checked;
    };
    workers = outboxWorkers(handle.db, {
      ...accounts.outboxHandlers,
      'certificate-check': async () => { checked += 1; await new Promise((r) => setTimeout(r, 1)); },
      [MAIL_TOPIC]: send, [AWAITED_MAIL_TOPIC]: send,
    }, [awaitedMailLane(MAIL_REQUEST_TOPIC)], pino({ level: 'silent' }));
    workers.start();
    await accounts.register({ name: 'Nowa Osoba', email: 'nowa@example.com', phone: '+48 500 100 200', password: 'pierwsze' }, req);
    workers.notify();
    for (let waited = 0; sent.length === 0 && waited < 60_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(sent.map((m) => m.to)).toEqual(['nowa@example.com']);
    expect(sent[0]!.text).toMatch(/verify-email\//);
    // Still behind: most of the backlog was not worked through when the mail went out.
    expect(checkedWhenSent).toBeLessThan(BACKLOG / 2);
    const pending = await handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('topic', '=', 'certificate-check').where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBeGreaterThan(BACKLOG / 2);
  });
});
