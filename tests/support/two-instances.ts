import { afterAll, beforeAll } from 'vitest';
import { createPostgresDatabase } from './databases.ts';
import { startServer, type RunningServer } from './server.ts';
import { startSmtp } from './smtp.ts';

export type TwoInstances = {
  database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  a: RunningServer;
  b: RunningServer;
};

/**
 * Two instances of the production server on one fresh PostgreSQL database and one mail relay, for the suite around
 * the call (its beforeAll and afterAll). They sign with one secret, as instances behind one proxy must. Read the
 * fields inside tests: they are set once the suite has started.
 */
export function useTwoInstances(env: Record<string, string> = {}): TwoInstances {
  const site = {} as TwoInstances;
  beforeAll(async () => {
    site.database = await createPostgresDatabase();
    site.smtp = await startSmtp();
    const shared = { DATABASE_URL: site.database.url, SMTP_URL: site.smtp.url, JWT_SECRET: 'instances-share-this-secret-0123456789abcdef', ...env };
    site.a = await startServer(shared);
    site.b = await startServer(shared);
  });
  afterAll(async () => {
    await site.a?.stop();
    await site.b?.stop();
    await site.smtp?.close();
    await site.database?.drop();
  });
  return site;
}
