import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectsCommand, GetObjectCommand,
  HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { OutsideCalls } from '../../shared/outside/index.ts';
import { checkedKey, type Storage } from './types.ts';

export type S3Settings = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

/** Above this a file goes up in parts of this size (one PUT takes at most 5 GB; a recording may be 20). */
export const PART_BYTES = 64 * 1024 * 1024;
/** S3's smallest part (all but the last): a smaller part size asked for is raised to it. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's most parts in one upload: a file too large for that many parts of the size asked for goes in larger ones. */
const MAX_PARTS = 10_000;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const missing = (error: unknown) => statusOf(error) === 404 || (error as { name?: string })?.name === 'NoSuchKey' || (error as { name?: string })?.name === 'NotFound';

/** Answers about one object (absent, a range past its end, a precondition): the store works. */
const ANSWERS = new Set([404, 409, 412, 416]);

/**
 * Every command of `client` notes how it went (after the SDK's own retries) for the admin's system page
 * (modules/shared/outside): no answer, a refused signature or key, or a 5xx is a failure.
 */
export function watchS3(client: S3Client, outside: OutsideCalls): S3Client {
  client.middlewareStack.add((next) => async (args) => {
    try {
      const result = await next(args);
      outside.record('s3', null);
      return result;
    } catch (error) {
      const status = statusOf(error);
      outside.record('s3', status !== undefined && ANSWERS.has(status) ? null : error);
      throw error;
    }
  }, { step: 'initialize', name: 'outsideStatus' });
  return client;
}

/**
 * The official SDK's client for `settings`, path-style addressing (what MinIO and Garage expect; AWS takes it too).
 * The SDK's default since 2025 sends streamed bodies aws-chunked with a trailing checksum, which stores that do not
 * implement it (s3rver, older MinIO and Garage) keep as part of the object: checksums only when required.
 * With `outside`, every command's outcome is noted (watchS3).
 */
export const s3Client = (settings: S3Settings, outside?: OutsideCalls) => {
  const client = new S3Client(s3ClientConfig(settings));
  return outside ? watchS3(client, outside) : client;
};

/** The client's settings, for another client on the same bucket (the tus upload's store, src/server/upload-s3-store.ts). */
export const s3ClientConfig = (settings: S3Settings) => ({
  endpoint: settings.endpoint, region: settings.region, forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const,
  credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
});

/** The S3 settings of a configuration: all four given (the configuration refuses some without the others), or none. */
export const s3SettingsOf = (config: { S3_ENDPOINT?: string; S3_BUCKET?: string; S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string; S3_REGION: string }): S3Settings | null =>
  config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
    ? { endpoint: config.S3_ENDPOINT, bucket: config.S3_BUCKET, accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY, region: config.S3_REGION }
    : null;

/**
 * Any S3-compatible store (MinIO, Garage, a cloud provider) through the official SDK. The bucket stays private:
 * nothing here makes an object public. `partBytes` (PART_BYTES unless a test asks for less) is both the size above
 * which a file goes up in parts and the size of each part.
 */
export function s3Storage(settings: S3Settings, options: { client?: S3Client; partBytes?: number; outside?: OutsideCalls } = {}): Storage {
  const client = options.client ?? s3Client(settings, options.outside);
  const partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? PART_BYTES);
  const Bucket = settings.bucket;

  /**
   * A file in parts: the object appears whole when the upload completes, never before. A part that fails aborts the
   * upload, so the store drops the parts it holds (a store that fails to abort keeps them until the bucket's
   * lifecycle rule for incomplete uploads removes them; README).
   */
  async function multipart(Key: string, path: string, size: number) {
    const part = Math.max(partBytes, Math.ceil(size / MAX_PARTS));
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += part, PartNumber++) {
        const end = Math.min(size, start + part) - 1;
        const { ETag } = await client.send(new UploadPartCommand({
          Bucket, Key, UploadId, PartNumber, ContentLength: end - start + 1, Body: createReadStream(path, { start, end }),
        }));
        parts.push({ ETag, PartNumber });
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw error;
    }
  }

  return {
    kind: 's3',
    async putFile(key, path, opts) {
      const Key = checkedKey(key);
      const { size } = await stat(path);
      if (size > partBytes) await multipart(Key, path, size);
      else await client.send(new PutObjectCommand({ Bucket, Key, ContentLength: size, Body: createReadStream(path) }));
      if (opts?.move) await rm(path, { force: true });
    },
    async putText(key, text, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: text, ContentType: contentType }));
    },
    async readText(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return (await got.Body?.transformToString('utf8')) ?? null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(key, range, head) {
      const Key = checkedKey(key);
      try {
        if (head) {
          const h = await client.send(new HeadObjectCommand({ Bucket, Key }));
          const size = Number(h.ContentLength ?? 0);
          return { status: 200, size, start: 0, end: size - 1, body: null };
        }
        const got = await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: range } : {}) }));
        const length = Number(got.ContentLength ?? 0);
        const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(got.ContentRange ?? '');
        const body = got.Body as Readable | undefined;
        if (m) return { status: 206, size: Number(m[3]), start: Number(m[1]), end: Number(m[2]), body: body ?? null };
        return { status: 200, size: length, start: 0, end: length - 1, body: body ?? null };
      } catch (error) {
        if (missing(error)) return null;
        if (statusOf(error) === 416) {
          const h = await client.send(new HeadObjectCommand({ Bucket, Key }));
          return { status: 416, size: Number(h.ContentLength ?? 0) };
        }
        throw error;
      }
    },
    async localCopy(key, scratch) {
      const target = join(scratch, 'source');
      await mkdir(dirname(target), { recursive: true });
      const got = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
      await pipeline(got.Body as Readable, createWriteStream(target));
      return target;
    },
    async presignedUrl(key, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkedKey(key) }), { expiresIn: Math.max(1, Math.floor(seconds)) });
    },
    async deletePrefix(prefix) {
      const Prefix = checkedKey(prefix);
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
