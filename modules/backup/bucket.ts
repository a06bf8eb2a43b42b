// The recordings' bucket in a backup (recordings on S3 stay there: copying a bucket of video into every nightly tar
// would make backups as large as the bucket). The backup holds instead a member listing every key with its size and
// ETag, and restore and verify list the bucket again and name each key that is missing or has changed.
//
// ETag, not SHA-256: the listing gives every object's ETag and size for one request per 1000 keys, while a SHA-256
// means reading every byte of every recording at each backup and again at each check (hours and the store's egress
// fees for a bucket of video); S3's own x-amz-checksum-sha256 exists only for objects uploaded with one, which ours
// are not (the client sends checksums only when required, for the stores that do not take them). An ETag changes
// when an object is written anew with other bytes (it is the MD5 of a one-part object, a hash of the parts' MD5s for
// a multipart one), so a changed recording is caught; an object rewritten with the same bytes in other parts is
// reported as changed too, which errs on the safe side.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BackupError } from './errors.ts';
import { s3Failure, type S3Place } from './s3.ts';
import { readTar } from './tar.ts';

export const BUCKET_MEMBER = 'bucket/objects.json';
/** Keys never listed: tus uploads in progress (src/server/upload-s3-store.ts), gone once the upload finishes. */
const TRANSIENT = ['uploads/'];

type BucketObject = { key: string; size: number; etag: string };
type BucketListing = { endpoint: string; bucket: string; listedAt: string; checksum: 'etag'; objects: BucketObject[] };

/** Every key of the bucket (but uploads in progress and the `skip` prefixes, e.g. where backups go), sorted. */
export async function listBucket(place: S3Place, options: { skip?: string[]; now?: Date } = {}): Promise<BucketListing> {
  const Bucket = place.settings.bucket;
  const skip = [...TRANSIENT, ...(options.skip ?? [])].filter(Boolean);
  const objects: BucketObject[] = [];
  let ContinuationToken: string | undefined;
  try {
    do {
      const page = await place.client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (!o.Key || skip.some((prefix) => o.Key!.startsWith(prefix))) continue;
        objects.push({ key: o.Key, size: Number(o.Size ?? 0), etag: (o.ETag ?? '').replace(/"/g, '') });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  } catch (error) {
    throw s3Failure(error, place, 'listing the recordings\' bucket', Bucket);
  }
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { endpoint: place.settings.endpoint, bucket: Bucket, listedAt: (options.now ?? new Date()).toISOString(), checksum: 'etag', objects };
}

/** The listing a backup file holds, or null (recordings kept locally, or a backup made before listings). */
export function listingIn(file: string): BucketListing | null {
  let chunks: Buffer[] | undefined;
  readTar(file, {
    open: (name) => {
      if (name !== BUCKET_MEMBER) return;
      chunks = [];
      return (chunk) => chunks!.push(Buffer.from(chunk));
    },
    close: () => {},
  });
  return chunks ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as BucketListing) : null;
}

export type BucketCheck = { listed: number; missing: string[]; changed: string[] };

/**
 * Lists the shop's bucket now (the one it will read recordings from, whatever bucket the backup was made with) and
 * compares: keys gone, keys whose size or ETag differ. Keys added since are fine.
 */
export async function checkBucket(listing: BucketListing, place: S3Place): Promise<BucketCheck> {
  const now = await listBucket(place);
  const present = new Map(now.objects.map((o) => [o.key, o]));
  const missing: string[] = [];
  const changed: string[] = [];
  for (const o of listing.objects) {
    const found = present.get(o.key);
    if (!found) missing.push(o.key);
    else if (found.size !== o.size || found.etag !== o.etag) changed.push(o.key);
  }
  return { listed: listing.objects.length, missing, changed };
}

const some = (keys: string[]) => keys.slice(0, 20).join(', ') + (keys.length > 20 ? ` and ${keys.length - 20} more` : '');

/** The check as one message (null when the bucket has everything), naming the keys. */
export function bucketProblem(check: BucketCheck, bucket: string): string | null {
  if (!check.missing.length && !check.changed.length) return null;
  const parts = [];
  if (check.missing.length) parts.push(`${check.missing.length} of the ${check.listed} objects this backup lists are missing from the bucket ${bucket}: ${some(check.missing)}`);
  if (check.changed.length) parts.push(`${check.changed.length} have changed since (another size or ETag): ${some(check.changed)}`);
  return `${parts.join('; ')}. The recordings they belong to would not play after a restore.`;
}

export const bucketChanged = (message: string) => new BackupError('bucket-changed', `${message} Restore the bucket from its own copy first, or add --ignore-bucket to restore anyway. Nothing was changed.`);
