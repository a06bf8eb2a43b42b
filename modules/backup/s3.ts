// What the backup needs of S3: a client from the shop's S3 settings (the recordings' own, path-style, checksums only
// when required), `s3://bucket/key` addresses, and the SDK's failures as messages that say what to do.
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../recordings/index.ts';
import { BackupError } from './errors.ts';

export type { S3Settings };
export type S3Place = { settings: S3Settings; client: S3Client };

export const placeOf = (settings: S3Settings, client?: S3Client): S3Place => ({ settings, client: client ?? s3Client(settings) });

export const isS3Url = (text: string | undefined): text is string => Boolean(text?.startsWith('s3://'));

/** `s3://bucket/prefix/` (a folder: the backup gets a timestamped name in it) or `s3://bucket/key` (that name). */
export function parseS3Url(url: string): { bucket: string; key: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,62})(?:\/(.*))?$/.exec(url);
  if (!m || (m[2] ?? '').split('/').some((part, i, all) => part === '..' || (part === '' && i < all.length - 1)))
    throw new BackupError('s3-failed', `${url} is not an S3 address: write s3://<bucket>/<folder>/ or s3://<bucket>/<file>.tar.`);
  return { bucket: m[1]!, key: m[2] ?? '' };
}

const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** An SDK failure as a BackupError: unreachable, no such bucket or key, refused credentials, or the store's own words. */
export function s3Failure(error: unknown, place: S3Place, what: string, bucket: string): BackupError {
  if (error instanceof BackupError) return error;
  const e = error as { name?: string; code?: string; message?: string; errors?: { code?: string }[]; $metadata?: { httpStatusCode?: number } };
  const code = e.code ?? e.errors?.find((x) => x.code)?.code;
  const status = e.$metadata?.httpStatusCode;
  const endpoint = place.settings.endpoint;
  if ((code && NETWORK.has(code)) || e.name === 'TimeoutError' || (!status && /connect|socket|network|fetch failed/i.test(e.message ?? ''))) {
    return new BackupError('s3-unreachable', `The S3 endpoint ${endpoint} could not be reached while ${what} (${code ?? e.name ?? 'no answer'}). Check S3_ENDPOINT and that the store is up.`);
  }
  if (e.name === 'NoSuchBucket') return new BackupError('s3-failed', `The bucket ${bucket} does not exist at ${endpoint} (while ${what}). Create it, or name another.`);
  if (e.name === 'NoSuchKey' || e.name === 'NotFound' || status === 404) return new BackupError('s3-failed', `Nothing found in the bucket ${bucket} at ${endpoint} while ${what}.`);
  if (status === 403 || e.name === 'AccessDenied' || e.name === 'InvalidAccessKeyId' || e.name === 'SignatureDoesNotMatch') {
    return new BackupError('s3-failed', `The store at ${endpoint} refused the S3 credentials for the bucket ${bucket} while ${what} (${e.name}). Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`);
  }
  return new BackupError('s3-failed', `The store at ${endpoint} failed while ${what} in the bucket ${bucket}: ${e.name ?? 'error'}${e.message ? ` (${e.message})` : ''}.`);
}
