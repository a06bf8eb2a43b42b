import { readdir, readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Client, type S3Settings } from '../../../modules/recordings/index.ts';
import { DomainError } from '../../../modules/shared/kernel/index.ts';
import { translator } from '../../../src/i18n/index.ts';
import { ABANDONED_AFTER_MS, recordingUploads } from '../../../src/server/recording-uploads.ts';
import { S3RVER_KEYS, startS3 } from '../../support/s3.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const base = 'http://127.0.0.1/api/admin/uploads';
const who = { userId: 'admin-1', t: translator('en') };

describe('recording uploads with S3 configured: the parts in the bucket under uploads/', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let settings: S3Settings;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3();
    settings = { endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', ...S3RVER_KEYS };
  });
  afterAll(async () => { await s3?.stop(); });
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'tus-s3-')); return () => rmSync(dir, { recursive: true, force: true }); });

  const underPrefix = async () => {
    const client = s3Client(settings);
    const objects = (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'uploads/' }))).Contents ?? [];
    const pending = (await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: 'uploads/' }))).Uploads ?? [];
    return [...objects.map((o) => o.Key), ...pending.map((u) => `pending ${u.Key}`)].sort();
  };
  const uploadsWith = (acceptUpload: (u: { filePath: string; uploadId: string }) => Promise<void>) => recordingUploads({
    dir, productExists: async () => true, log: pino({ level: 'silent' }), s3: settings, recordings: { acceptUpload },
  });
  const begin = async (uploads: ReturnType<typeof uploadsWith>, length: number) => {
    const made = await uploads.handle(new Request(base, { method: 'POST', headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': `productKey ${btoa('p')}` } }), who);
    expect(made.status).toBe(201);
    return new URL(made.headers.get('location')!, base);
  };
  const patch = (uploads: ReturnType<typeof uploadsWith>, url: URL, offset: number, body: string) => uploads.handle(new Request(url, {
    method: 'PATCH', body, headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  }), who);

  it('given an upload sent in two requests, when the last bytes arrive, then recordings gets a local file with every byte and nothing stays under the prefix', async () => {
    let handed: { content: string; uploadId: string } | null = null;
    const uploads = uploadsWith(async (u) => { handed = { content: await readFile(u.filePath, 'utf8'), uploadId: u.uploadId }; });
    const url = await begin(uploads, 8);
    expect(url.pathname).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);
    expect((await patch(uploads, url, 0, 'abcd')).status).toBe(204);
    expect((await underPrefix()).length).toBeGreaterThan(0);
    expect((await patch(uploads, url, 4, 'efgh')).status).toBe(204);
    expect(handed).toEqual({ content: 'abcdefgh', uploadId: url.pathname.split('/').pop() });
    expect(await underPrefix()).toEqual([]);
  });

  it('given a refusal, when the last bytes arrive, then the refusal answers and neither the bucket nor the folder keeps the upload', async () => {
    const uploads = uploadsWith(async () => { throw new DomainError('media-empty'); });
    const url = await begin(uploads, 4);
    expect((await patch(uploads, url, 0, 'abcd')).status).toBe(400);
    expect(await underPrefix()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('given an upload left half-way, when swept within a day, then it stays; when swept a day after its last bytes, then it is gone', async () => {
    const uploads = uploadsWith(async () => {});
    const url = await begin(uploads, 10);
    expect((await patch(uploads, url, 0, 'abcde')).status).toBe(204);
    expect(await uploads.sweep()).toBe(0);
    expect((await underPrefix()).length).toBeGreaterThan(0);
    expect(await uploads.sweep(Date.now() + ABANDONED_AFTER_MS + 60_000)).toBe(1);
    expect(await underPrefix()).toEqual([]);
    const head = await uploads.handle(new Request(url, { method: 'HEAD', headers: TUS }), who);
    expect(head.status).toBe(404);
  });
});
