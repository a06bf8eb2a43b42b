/**
 * The tus upload's parts in the recordings' bucket (S3 configured), so that any instance continues an upload another
 * one began: @tus/s3-store keeps each upload as a multipart upload plus two small objects (`<id>.info`, and `<id>.part`
 * for a tail shorter than S3's smallest part) under UPLOAD_PREFIX, a private prefix the HLS serving never reads.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand, DeleteObjectsCommand, GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, ListPartsCommand, S3Client,
} from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { KvStore } from '@tus/server';
import { s3ClientConfig, watchS3, type S3Settings } from '../../modules/recordings/index.ts';
import type { OutsideCalls } from '../../modules/shared/outside/index.ts';

export const UPLOAD_PREFIX = 'uploads/';
/** What a URL may name: the ids drawn for uploads (16 random bytes in hex), never a path nor an upload's `.json`. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The upload's id in the bucket (its key) and in URLs: the URL never shows the prefix, the bucket always has it. */
export const keyOf = (bareId: string) => `${UPLOAD_PREFIX}${bareId}`;
export const bareIdOf = (id: string) => (id.startsWith(UPLOAD_PREFIX) ? id.slice(UPLOAD_PREFIX.length) : id);
export const idFromUrl = (lastPath: string | undefined) => (lastPath && UPLOAD_ID.test(lastPath) ? keyOf(lastPath) : undefined);

/**
 * The store keeps each upload's `.info` in a cache of its own, in memory by default. With several instances that copy
 * goes stale (one instance finishes and removes an upload another still remembers, which then answers it as complete):
 * no cache, one small GET per request.
 */
const NO_CACHE: KvStore<never> = { get: async () => undefined, set: async () => {}, delete: async () => {} };

/**
 * No `expirationPeriodInMilliseconds`: the expiration extension counts from the upload's creation (a 20 GB upload over
 * a slow line may take longer than a day while its bytes still flow, and would be refused with 410), and its
 * `deleteExpired()` aborts every multipart upload of the bucket, the recordings' own sources among them. The sweep
 * below counts from the last bytes received and stays under the prefix.
 */
export function s3UploadStore(settings: S3Settings, outside?: OutsideCalls) {
  // Our own commands note their outcome for the system page (the store's parts go through a client of its own).
  const own = new S3Client(s3ClientConfig(settings));
  const client = outside ? watchS3(own, outside) : own;
  const Bucket = settings.bucket;
  const store = new S3Store({
    s3ClientConfig: { ...s3ClientConfig(settings), bucket: Bucket },
    cache: NO_CACHE as unknown as KvStore<never>,
    // 8 MB parts, a few at a time: each waits in the temporary folder until it is sent.
    partSize: 8 * 1024 * 1024,
    maxConcurrentPartUploads: 4,
  });

  /** Every object of one upload, whichever exist. */
  const deleteObjectsOf = (key: string) => client.send(new DeleteObjectsCommand({
    Bucket, Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }], Quiet: true },
  }));

  /** When the newest part of a multipart upload arrived (0 for none), over every page of parts. */
  async function newestPart(Key: string, UploadId: string): Promise<number> {
    let newest = 0;
    let PartNumberMarker: string | undefined;
    do {
      const listed = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker }));
      for (const p of listed.Parts ?? []) newest = Math.max(newest, p.LastModified?.getTime() ?? 0);
      PartNumberMarker = listed.IsTruncated ? listed.NextPartNumberMarker : undefined;
    } while (PartNumberMarker);
    return newest;
  }

  return {
    store,
    /**
     * The finished upload as a local file under `dir` (probing and transcoding read files), streamed: up to 20 GB,
     * never held in memory. The caller owns the file.
     */
    async download(key: string, dir: string): Promise<string> {
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${bareIdOf(key)}.s3`);
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(got.Body as Readable, createWriteStream(path));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return path;
    },
    /**
     * Removes a finished upload's objects. The store's own `remove` would not: it aborts the multipart upload first,
     * which S3 no longer knows once completed, and gives up there.
     */
    async discard(key: string) {
      await deleteObjectsOf(key);
    },
    /** Deletes the uploads under the prefix that received nothing for `idleMs`; answers how many. */
    async sweep(idleMs: number, now = Date.now()): Promise<number> {
      const last = new Map<string, number>();
      const seen = (key: string, at: Date | undefined) => last.set(key, Math.max(last.get(key) ?? 0, at?.getTime() ?? 0));
      const multipart = new Map<string, string>();
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: UPLOAD_PREFIX, KeyMarker, UploadIdMarker }));
        for (const u of listed.Uploads ?? []) {
          if (!u.Key || !u.UploadId) continue;
          multipart.set(u.Key, u.UploadId);
          seen(u.Key, u.Initiated);
        }
        ({ NextKeyMarker: KeyMarker, NextUploadIdMarker: UploadIdMarker } = listed.IsTruncated ? listed : { NextKeyMarker: undefined, NextUploadIdMarker: undefined });
      } while (KeyMarker);
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: UPLOAD_PREFIX, ContinuationToken }));
        for (const o of listed.Contents ?? []) if (o.Key) seen(o.Key.replace(/\.(info|part)$/, ''), o.LastModified);
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
      let removed = 0;
      for (const [key, at] of last) {
        if (now - at < idleMs) continue;
        const UploadId = multipart.get(key);
        // The parts received count as activity: a long upload's `.info` is as old as the upload.
        if (UploadId) {
          if (now - (await newestPart(key, UploadId).catch(() => 0)) < idleMs) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
        }
        await deleteObjectsOf(key);
        removed += 1;
      }
      return removed;
    },
  };
}

export type S3UploadStore = ReturnType<typeof s3UploadStore>;
