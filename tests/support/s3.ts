import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types: what the tests use of it is declared here.
// @ts-expect-error -- no declaration file
import S3rver from 's3rver';
import { multipartListing } from './s3-multipart.ts';
import { freePort } from './server.ts';

type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void>; middleware: unknown[] };

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3 stand-in on loopback (s3rver, with the multipart listings @tus/s3-store needs) with one empty bucket, as the S3_* settings name it. */
export async function startS3(bucket = 'recordings'): Promise<{ endpoint: string; bucket: string; env: Record<string, string>; stop(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new (S3rver as new (options: object) => S3rverInstance)({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // First in line: s3rver answers the multipart listings it lacks with 405 before anything after it runs.
  server.middleware.unshift(multipartListing(directory));
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint, bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
