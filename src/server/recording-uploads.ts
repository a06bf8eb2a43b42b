/**
 * The resumable upload of a product's recording (issue 26): the tus protocol (@tus/server) behind the admin-only route
 * src/pages/api/admin/uploads/[...id].ts. Its parts are files under DATA_DIR/recording-uploads, or, with S3 configured,
 * objects under a private prefix of the recordings' bucket (upload-s3-store.ts) so that any instance behind the proxy
 * continues an upload another began; with PostgreSQL, the instances lock an upload for each other (upload-locker.ts).
 * The route has checked the caller; this part checks what is uploaded (a known length up to 20 GB, not empty, for a
 * product that exists) and hands the finished file to modules/recordings, which probes it and owns it from then on.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Locker, type Upload } from '@tus/server';
import { isDomainError } from '../../modules/shared/kernel/index.ts';
import type { OutsideCalls } from '../../modules/shared/outside/index.ts';
import type { MessageKey, Translate } from '../i18n/index.ts';
import { ERRORS, isErrorCode } from './errors.ts';
import type { Logger } from './logger.ts';
import type { Recordings, S3Settings } from '../../modules/recordings/index.ts';
import { bareIdOf, idFromUrl, keyOf, s3UploadStore, UPLOAD_ID } from './upload-s3-store.ts';

export const MAX_RECORDING_BYTES = 20 * 1024 ** 3;
export const UPLOADS_PATH = '/api/admin/uploads';
/** An upload that has received no bytes for this long was abandoned: its part is deleted. */
export const ABANDONED_AFTER_MS = 24 * 3600_000;

export type Uploader = { userId: string; t: Translate };
type Refusal = { status_code: number; body: string };

/** Beside, not inside, DATA_DIR/uploads: that folder is the media module's, served to anyone by name. */
export const uploadsDir = (dataDir: string) => join(dataDir, 'recording-uploads');

/** The tus server's answers are text; ours are `{ message }` in the uploader's language, as every other refusal. */
const refusal = (status: number, message: string): Refusal => ({ status_code: status, body: JSON.stringify({ message }) });

/** The tus server's own refusals (text bodies) as our messages, by status; any other status: `upload.refused`. */
const TUS_REFUSALS: Record<number, MessageKey> = { 404: 'upload.notFound', 410: 'upload.notFound', 413: 'upload.tooLarge' };

/** Names a request may carry after UPLOADS_PATH: none (creating one) or one upload id. */
const namesAnUpload = (pathname: string) => {
  const rest = pathname.slice(UPLOADS_PATH.length);
  return rest === '' || rest === '/' || (rest.startsWith('/') && UPLOAD_ID.test(rest.slice(1)));
};

export function recordingUploads(deps: {
  dir: string;
  productExists: (key: string) => Promise<boolean>;
  recordings: Pick<Recordings, 'acceptUpload'>;
  log: Logger;
  /** The bucket the parts go to; none: files under `dir`. */
  s3?: S3Settings | null;
  /** Shared by the instances (PostgreSQL advisory locks); none: @tus/server's in-memory locker, for one process. */
  locker?: Locker;
  /** Notes the bucket's outcomes for the system page. */
  outside?: OutsideCalls;
}) {
  const finished = deps.s3 ? bucketParts(deps.s3, deps.dir, deps.outside) : folderParts(deps.dir);
  const { store } = finished;
  const uploaders = new WeakMap<Request, Uploader>();
  const who = (req: Request) => uploaders.get(req as unknown as Request)!;
  const refuse = (req: Request, status: number, key: MessageKey) => refusal(status, who(req).t(key));

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_RECORDING_BYTES,
    ...(deps.locker ? { locker: deps.locker } : {}),
    ...finished.naming,
    // Same origin only: the tus server's own CORS answers are switched off, the edge refuses foreign origins.
    allowedOrigins: () => false,
    relativeLocation: true,
    respectForwardedHeaders: false,
    async onUploadCreate(req, upload) {
      const r = req as unknown as Request;
      if (upload.size === undefined) throw refuse(r, 400, 'upload.lengthRequired');
      if (upload.size === 0) throw refuse(r, 400, 'upload.empty');
      const productKey = upload.metadata?.['productKey'];
      if (!productKey || !(await deps.productExists(productKey))) throw refuse(r, 404, 'upload.unknownProduct');
      return { metadata: { productKey, filename: (upload.metadata?.['filename'] ?? '').slice(0, 200), uploadedBy: who(r).userId } };
    },
    // Ending an upload is its uploader's: another admin's DELETE is refused before anything is removed.
    async onIncomingRequest(req, id) {
      const r = req as unknown as Request;
      if (r.method !== 'DELETE') return;
      const upload = await store.getUpload(id);
      if (upload.metadata?.['uploadedBy'] !== who(r).userId) throw refuse(r, 403, 'upload.notYours');
    },
    async onUploadFinish(req, upload) {
      const r = req as unknown as Request;
      const productKey = upload.metadata?.['productKey'] ?? '';
      try {
        const filePath = await finished.localFile(upload);
        await deps.recordings.acceptUpload({ productKey, uploadId: bareIdOf(upload.id), filePath, size: upload.size ?? 0, by: who(r).userId });
      } catch (error) {
        // A refused file is of no further use: the admin sends a better one.
        await finished.refused(upload).catch(() => {});
        if (isDomainError(error) && isErrorCode(error.code)) {
          const known = ERRORS[error.code] as { status: number; key: MessageKey };
          throw refusal(known.status, who(r).t(known.key));
        }
        deps.log.error({ err: error, productKey, uploadId: upload.id }, 'recording upload not accepted');
        throw refuse(r, 500, 'upload.failed');
      }
      // Accepted: what is left of the upload is of no use, and a leftover is swept a day later anyway.
      await finished.accepted(upload).catch((error: unknown) => deps.log.warn({ err: error, uploadId: upload.id }, 'finished upload not removed'));
      return {};
    },
    onResponseError(req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      if ('body' in error && error.body.startsWith('{')) return undefined;
      if (status >= 500) {
        deps.log.error({ err: error }, 'recording upload failed');
        return refuse(req as unknown as Request, 500, 'upload.failed');
      }
      return refuse(req as unknown as Request, status, TUS_REFUSALS[status] ?? 'upload.refused');
    },
  });

  return {
    /** Answers one tus request of an admin already checked by the route. */
    handle(request: Request, uploader: Uploader): Promise<Response> {
      // Anything but an upload id (a `.json`, a path) is refused before the store is touched.
      if (!namesAnUpload(new URL(request.url).pathname)) {
        return Promise.resolve(Response.json({ message: uploader.t('upload.notFound') }, { status: 404, headers: { 'tus-resumable': '1.0.0' } }));
      }
      uploaders.set(request, uploader);
      return server.handleWeb(request);
    },
    /** Deletes the uploads abandoned for ABANDONED_AFTER_MS (the bucket's and the folder's); answers how many. */
    sweep: finished.sweep,
  };
}

/** Parts as files under `dir` (@tus/file-store): the finished file is handed over where it lies. */
function folderParts(dir: string) {
  const store = new FileStore({ directory: dir });
  return {
    store,
    naming: { namingFunction: () => randomBytes(16).toString('hex') },
    localFile: async (upload: Upload) => join(dir, upload.id),
    // acceptUpload moved the file; its `.json` goes with the next sweep, as before.
    accepted: async () => {},
    refused: (upload: Upload) => store.remove(upload.id),
    sweep: (now = Date.now()) => sweepAbandonedUploads(dir, now),
  };
}

/**
 * Parts in the bucket, under a prefix that the URLs never show (keyOf / bareIdOf). Probing and transcoding read a
 * local file, and modules/recordings takes one (it moves it into its storage, here the same bucket): the finished
 * object is streamed to a file under `dir` first, then its objects are deleted whether it was accepted or refused.
 * A server-side copy would spare that round trip, but ffprobe would still need the bytes here, and the module's one
 * way in stays the one the local store and the seed's recordings use. A download cut short by a crash leaves a file
 * under `dir` (swept as any abandoned part) and the objects (swept from the bucket a day later).
 */
function bucketParts(s3: S3Settings, dir: string, outside?: OutsideCalls) {
  const bucket = s3UploadStore(s3, outside);
  return {
    store: bucket.store,
    naming: {
      namingFunction: () => keyOf(randomBytes(16).toString('hex')),
      generateUrl: (_req: unknown, url: { path: string; id: string }) => `${url.path}/${bareIdOf(url.id)}`,
      getFileIdFromRequest: (_req: unknown, lastPath?: string) => idFromUrl(lastPath),
    },
    localFile: (upload: Upload) => bucket.download(upload.id, dir),
    accepted: (upload: Upload) => bucket.discard(upload.id),
    refused: async (upload: Upload) => {
      await rm(join(dir, `${bareIdOf(upload.id)}.s3`), { force: true });
      await bucket.discard(upload.id);
    },
    sweep: async (now = Date.now()) => (await bucket.sweep(ABANDONED_AFTER_MS, now)) + (await sweepAbandonedUploads(dir, now)),
  };
}

/**
 * Deletes the uploads under `dir` that received nothing for ABANDONED_AFTER_MS (a finished one is taken away by
 * modules/recordings at once, so anything this old is a part nobody will finish). Answers how many were deleted.
 */
export async function sweepAbandonedUploads(dir: string, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(names.map((n) => n.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    const times = await Promise.all([id, `${id}.json`].map((n) => stat(join(dir, n)).then((s) => s.mtimeMs, () => 0)));
    if (now - Math.max(...times) < ABANDONED_AFTER_MS) continue;
    await Promise.all([id, `${id}.json`].map((n) => rm(join(dir, n), { force: true })));
    removed += 1;
  }
  return removed;
}

/** Sweeps at start and every hour (each instance its own folder, the bucket's prefix by each alike). */
export function keepSweepingUploads(sweepOnce: () => Promise<number>, log: Logger): NodeJS.Timeout {
  const sweep = () => void sweepOnce().then((n) => {
    if (n > 0) log.info({ removed: n }, 'abandoned recording uploads deleted');
  }, (err: unknown) => log.warn({ err }, 'sweeping abandoned uploads failed'));
  sweep();
  return setInterval(sweep, 3600_000).unref();
}
