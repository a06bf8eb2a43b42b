import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PART_BYTES, s3Client, s3Storage, type S3Settings } from '../../../modules/recordings/index.ts';
import { S3RVER_KEYS, startS3 } from '../../support/s3.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

/** A file above the multipart threshold goes to the bucket in parts (s3rver on loopback, 5 MiB parts: S3's smallest). */
describe('a large file in an S3-compatible bucket, in parts', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let settings: S3Settings;
  let dir: string;
  let file: string;
  let content: Buffer;
  beforeAll(async () => {
    s3 = await startS3();
    settings = { endpoint: s3.endpoint, bucket: s3.bucket, ...S3RVER_KEYS, region: 'us-east-1' };
    dir = mkdtempSync(join(tmpdir(), 's3-multipart-'));
    // Two whole parts and a short last one.
    content = randomBytes(2 * MIN_PART_BYTES + 3 * MiB + 17);
    file = join(dir, 'source.mp4');
    writeFileSync(file, content);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s3?.stop();
  });

  /** A client that notes each command it sends (name and upload id) and fails the `failPart`-th part, as a dropped connection would. */
  function watchedClient(failPart?: number) {
    const client = s3Client(settings);
    const sent: { command: string; uploadId?: string; partNumber?: number; length?: number }[] = [];
    client.middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { UploadId?: string; PartNumber?: number; ContentLength?: number };
      sent.push({ command: String(context.commandName), uploadId: input.UploadId, partNumber: input.PartNumber, length: input.ContentLength });
      if (context.commandName === 'UploadPartCommand' && input.PartNumber === failPart) throw new Error('connection reset');
      return next(args);
    }, { step: 'initialize' });
    return { client, sent };
  }
  const read = async (storage: ReturnType<typeof s3Storage>, key: string) => {
    const opened = await storage.open(key, null);
    if (!opened || opened.status === 416 || !opened.body) return null;
    const chunks: Buffer[] = [];
    for await (const c of opened.body as Readable) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('uploads a file above the threshold in parts of the size asked for, and it reads back byte for byte', async () => {
    const { client, sent } = watchedClient();
    const storage = s3Storage(settings, { client, partBytes: MIN_PART_BYTES });
    await storage.putFile('sources/trauma/big', file);
    const parts = sent.filter((s) => s.command === 'UploadPartCommand');
    expect(parts.map((p) => [p.partNumber, p.length])).toEqual([[1, MIN_PART_BYTES], [2, MIN_PART_BYTES], [3, 3 * MiB + 17]]);
    expect(sent.map((s) => s.command)).toContain('CompleteMultipartUploadCommand');
    const back = await read(storage, 'sources/trauma/big');
    expect(back?.length).toBe(content.length);
    expect(sha256(back!)).toBe(sha256(content));
  });

  it('sends a file at or below the threshold in one PUT', async () => {
    const { client, sent } = watchedClient();
    const small = join(dir, 'small.mp4');
    writeFileSync(small, content.subarray(0, MIN_PART_BYTES));
    await s3Storage(settings, { client, partBytes: MIN_PART_BYTES }).putFile('sources/trauma/small', small);
    expect(sent.map((s) => s.command)).toEqual(['PutObjectCommand']);
  });

  it('raises a part size below S3\'s smallest to it', async () => {
    const { client, sent } = watchedClient();
    await s3Storage(settings, { client, partBytes: 1024 }).putFile('sources/trauma/raised', file);
    expect(sent.filter((s) => s.command === 'UploadPartCommand').map((p) => p.length)).toEqual([MIN_PART_BYTES, MIN_PART_BYTES, 3 * MiB + 17]);
  });

  it('aborts the upload when a part fails: the error reaches the caller and no object, whole or half, is visible', async () => {
    const { client, sent } = watchedClient(2);
    const storage = s3Storage(settings, { client, partBytes: MIN_PART_BYTES });
    await expect(storage.putFile('sources/trauma/failed', file, { move: true })).rejects.toThrow('connection reset');
    const created = sent.find((s) => s.command === 'CreateMultipartUploadCommand');
    const uploadId = sent.find((s) => s.command === 'UploadPartCommand')?.uploadId;
    expect(created && uploadId).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ command: 'AbortMultipartUploadCommand', uploadId });
    expect(sent.map((s) => s.command)).not.toContain('CompleteMultipartUploadCommand');
    expect(await read(storage, 'sources/trauma/failed')).toBeNull();
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/sources/trauma/failed`)).status).toBe(404);
    // A file to be moved stays where it was when it could not be stored.
    expect(sha256(readFileSync(file))).toBe(sha256(content));
  });
});
