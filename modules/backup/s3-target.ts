// A backup file into a bucket and back. Up: a multipart upload read from the file part by part (never the whole file
// in memory) to `<key>.partial`, checked by its size, then copied to `<key>` and the temporary object deleted, so the
// key a restore is given exists only for a whole upload; a failed upload is aborted (its parts dropped). Down: streamed
// into a local file, which restore checks whole before it touches anything.
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CopyObjectCommand, CreateMultipartUploadCommand, DeleteObjectCommand,
  GetObjectCommand, HeadBucketCommand, HeadObjectCommand, UploadPartCommand, UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { MIN_PART_BYTES } from '../recordings/index.ts';
import { BackupError } from './errors.ts';
import { s3Failure, type S3Place } from './s3.ts';

/** 64 MB parts: a 640 GB backup stays under S3's 10 000 parts; memory holds at most one part's read buffer. */
const BACKUP_PART_BYTES = 64 * 1024 * 1024;
/** The most one CopyObject copies; a larger backup is copied in ranges (UploadPartCopy). */
const COPY_LIMIT = 5 * 1024 ** 3;

const partialKey = (key: string) => `${key}.partial`;

/** Fails early, before the database is dumped, when the target bucket cannot be reached or does not exist. */
export async function reachBucket(place: S3Place, bucket: string): Promise<void> {
  try {
    await place.client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) throw new BackupError('s3-failed', `The bucket ${bucket} does not exist at ${place.settings.endpoint}. Create it, or name another. No backup was made.`);
    throw withNothingMade(s3Failure(error, place, 'checking the backup bucket', bucket));
  }
}

const withNothingMade = (error: BackupError) => new BackupError(error.code, `${error.message} No backup was made.`);

async function multipart(place: S3Place, file: string, size: number, Bucket: string, Key: string, partBytes: number) {
  const { client } = place;
  const part = Math.max(MIN_PART_BYTES, partBytes, Math.ceil(size / 10_000));
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/x-tar' }));
  try {
    const Parts: { ETag: string | undefined; PartNumber: number }[] = [];
    for (let start = 0, PartNumber = 1; start < Math.max(size, 1); start += part, PartNumber++) {
      const end = Math.max(start, Math.min(size, start + part) - 1);
      const { ETag } = await client.send(new UploadPartCommand({
        Bucket, Key, UploadId, PartNumber, ContentLength: Math.min(size, end + 1) - start, Body: createReadStream(file, { start, end }),
      }));
      Parts.push({ ETag, PartNumber });
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
    throw error;
  }
}

async function copy(place: S3Place, Bucket: string, from: string, Key: string, size: number) {
  const CopySource = `${Bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`;
  if (size <= COPY_LIMIT) return void (await place.client.send(new CopyObjectCommand({ Bucket, Key, CopySource })));
  const { UploadId } = await place.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/x-tar' }));
  try {
    const Parts: { ETag: string | undefined; PartNumber: number }[] = [];
    for (let start = 0, PartNumber = 1; start < size; start += COPY_LIMIT, PartNumber++) {
      const range = `bytes=${start}-${Math.min(size, start + COPY_LIMIT) - 1}`;
      const { CopyPartResult } = await place.client.send(new UploadPartCopyCommand({ Bucket, Key, UploadId, PartNumber, CopySource, CopySourceRange: range }));
      Parts.push({ ETag: CopyPartResult?.ETag, PartNumber });
    }
    await place.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
  } catch (error) {
    await place.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
    throw error;
  }
}

/** Uploads `file` to `bucket`/`key` by way of `<key>.partial`; a failure leaves neither key behind. */
export async function uploadBackup(place: S3Place, file: string, bucket: string, key: string, partBytes = BACKUP_PART_BYTES): Promise<void> {
  const { size } = statSync(file);
  const temporary = partialKey(key);
  try {
    await multipart(place, file, size, bucket, temporary, partBytes);
    const head = await place.client.send(new HeadObjectCommand({ Bucket: bucket, Key: temporary }));
    if (Number(head.ContentLength) !== size) throw new BackupError('s3-failed', `The bucket ${bucket} holds ${head.ContentLength} bytes of the ${size} uploaded to ${temporary}.`);
    await copy(place, bucket, temporary, key, size);
    await place.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: temporary }));
  } catch (error) {
    await place.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: temporary })).catch(() => {});
    throw withNothingMade(s3Failure(error, place, `uploading the backup to s3://${bucket}/${key}`, bucket));
  }
}

/** Streams `bucket`/`key` into `file`. */
export async function downloadBackup(place: S3Place, bucket: string, key: string, file: string): Promise<void> {
  try {
    const got = await place.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(got.Body as Readable, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    const failure = s3Failure(error, place, `downloading s3://${bucket}/${key}`, bucket);
    throw new BackupError(failure.code, `${failure.message} Nothing was changed.`);
  }
}
