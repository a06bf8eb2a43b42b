import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { s3Client } from '../../modules/recordings/index.ts';
import { createPostgresDatabase } from './databases.ts';
import { startS3, S3RVER_KEYS } from './s3.ts';
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

/**
 * The same two instances sharing one bucket too (an s3rver stand-in, started before them and stopped after them), as
 * instances behind one proxy share the bucket and not a disk. `bucket` is its name and a client of it, for the tests.
 */
export function useTwoInstancesOnS3(env: Record<string, string> = {}): TwoInstances & { bucket: { name: string; client: S3Client } } {
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  const withS3 = { ...env };
  // Registered before the instances' own hooks: the bucket is there when they start, and goes after they stop.
  beforeAll(async () => {
    s3 = await startS3();
    Object.assign(withS3, s3.env);
    site.bucket = { name: s3.bucket, client: s3Client({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', ...S3RVER_KEYS }) };
  });
  afterAll(async () => { await s3?.stop(); });
  const site = useTwoInstances(withS3) as TwoInstances & { bucket: { name: string; client: S3Client } };
  return site;
}
