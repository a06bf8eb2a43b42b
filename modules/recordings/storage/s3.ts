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
import { checkedKey, type Storage } from './types.ts';

export type S3Settings = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

/** Above this a file goes up in parts of this size (one PUT takes at most 5 GB; a recording may be 20). */
const PART_BYTES = 64 * 1024 * 1024;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const missing = (error: unknown) => statusOf(error) === 404 || (error as { name?: string })?.name === 'NoSuchKey' || (error as { name?: string })?.name === 'NotFound';

/**
 * Any S3-compatible store (MinIO, Garage, a cloud provider) through the official SDK, path-style addressing (what
 * MinIO and Garage expect; AWS takes it too). The bucket stays private: nothing here makes an object public.
 */
export function s3Storage(settings: S3Settings, client = new S3Client({
  endpoint: settings.endpoint, region: settings.region, forcePathStyle: true,
  // The SDK's default since 2025 sends streamed bodies aws-chunked with a trailing checksum, which stores
  // that do not implement it (s3rver, older MinIO and Garage) keep as part of the object: checksums only when required.
  requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
})): Storage {
  const Bucket = settings.bucket;

  async function multipart(Key: string, path: string, size: number) {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += PART_BYTES, PartNumber++) {
        const end = Math.min(size, start + PART_BYTES) - 1;
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
      if (size > PART_BYTES) await multipart(Key, path, size);
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
