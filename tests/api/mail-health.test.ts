import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../modules/shared/db/index.ts';
import { freePort, startServer } from '../support/server.ts';

/**
 * The built server with its relay down: mail waits in the outbox, each failed attempt is one warning line,
 * and /healthz says mail is degraded (still 200) once a message has waited more than 10 minutes. The wait is
 * made by ageing the row between two starts on the same embedded database, not by sleeping.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'gestalt-mail-health-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const lines = (output: string) => output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string });

describe('mail health on /healthz with the relay down', () => {
  it('keeps the message, logs one warning per failed attempt, and reports degraded after 10 minutes', async () => {
    const env = { DATA_DIR: dataDir, PUBLIC_URL: 'http://gestalt.test', SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, CONTACT_TO: 'biuro@gestalt.test' };
    const first = await startServer(env, { usePostgres: false });
    try {
      const sent = await fetch(`${first.url}/api/contact`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromName: 'Ola', email: 'ola@example.com', message: 'Czy trening jest dla mnie?' }),
      });
      expect(sent.status).toBe(201);
      const deadline = Date.now() + 15_000;
      while (!first.output().includes('outbox delivery failed, will retry') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const health = await fetch(`${first.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok', database: 'up', mail: 'ok' }]);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const logged = lines(first.output());
    const retries = logged.filter((l) => l.msg === 'outbox delivery failed, will retry');
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.every((l) => l.level === 40)).toBe(true);
    // Nothing else about the failing relay: no error lines, no other mail or outbox warnings.
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logged.filter((l) => l.level >= 40 && /mail|smtp|outbox/i.test(l.msg) && !retries.includes(l))).toEqual([]);

    const db = await connectDatabase({ dataDir: join(dataDir, 'pgdata') });
    try {
      // The demo recordings' transcodes wait for an instance that transcodes (TRANSCODE_WORKERS=0 in test servers).
      const rows = await db.db.selectFrom('outbox').select(['status', 'topic', 'attempts']).where('topic', '!=', 'recording-transcode').execute();
      // Exactly one warning line per failed attempt.
      expect(rows).toEqual([{ status: 'pending', topic: 'mail', attempts: retries.length }]);
      await sql`update outbox set created_at = now() - interval '11 minutes'`.execute(db.db);
    } finally {
      await db.close();
    }

    const second = await startServer(env, { usePostgres: false });
    try {
      const health = await fetch(`${second.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok', database: 'up', mail: 'degraded' }]);
    } finally {
      await second.stop();
    }
    // Two server starts and an embedded database opened between them: more than the default 30 s on a busy machine.
  }, 120_000);
});
