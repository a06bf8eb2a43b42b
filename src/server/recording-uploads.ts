/**
 * The resumable upload of a product's recording (issue 26): the tus protocol (@tus/server, files under
 * DATA_DIR/recording-uploads) behind the admin-only route src/pages/api/admin/uploads/[...id].ts. The route has checked the
 * caller; this part checks what is uploaded (a known length up to 20 GB, not empty, for a product that exists) and
 * hands the finished file to modules/recordings, which probes it and owns it from then on.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { isDomainError } from '../../modules/shared/kernel/index.ts';
import type { MessageKey, Translate } from '../i18n/index.ts';
import { ERRORS, isErrorCode } from './errors.ts';
import type { Logger } from './logger.ts';
import type { Recordings } from '../../modules/recordings/index.ts';

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

export function recordingUploads(deps: {
  dir: string;
  productExists: (key: string) => Promise<boolean>;
  recordings: Pick<Recordings, 'acceptUpload'>;
  log: Logger;
}) {
  const store = new FileStore({ directory: deps.dir });
  const uploaders = new WeakMap<Request, Uploader>();
  const who = (req: Request) => uploaders.get(req as unknown as Request)!;
  const refuse = (req: Request, status: number, key: MessageKey) => refusal(status, who(req).t(key));

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_RECORDING_BYTES,
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
      return { metadata: { productKey, filename: (upload.metadata?.['filename'] ?? '').slice(0, 200) } };
    },
    async onUploadFinish(req, upload) {
      const r = req as unknown as Request;
      const productKey = upload.metadata?.['productKey'] ?? '';
      try {
        await deps.recordings.acceptUpload({ productKey, uploadId: upload.id, filePath: join(deps.dir, upload.id), size: upload.size ?? 0, by: who(r).userId });
      } catch (error) {
        // A refused file is of no further use: the admin sends a better one.
        await store.remove(upload.id).catch(() => {});
        if (isDomainError(error) && isErrorCode(error.code)) {
          const known = ERRORS[error.code] as { status: number; key: MessageKey };
          throw refusal(known.status, who(r).t(known.key));
        }
        deps.log.error({ err: error, productKey, uploadId: upload.id }, 'recording upload not accepted');
        throw refuse(r, 500, 'upload.failed');
      }
      return {};
    },
    onResponseError(req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      if (status === 413) return refuse(req as unknown as Request, 413, 'upload.tooLarge');
      if (status >= 500 && !('body' in error && error.body.startsWith('{'))) {
        deps.log.error({ err: error }, 'recording upload failed');
        return refuse(req as unknown as Request, 500, 'upload.failed');
      }
      return undefined;
    },
  });

  return {
    /** Answers one tus request of an admin already checked by the route. */
    handle(request: Request, uploader: Uploader): Promise<Response> {
      uploaders.set(request, uploader);
      return server.handleWeb(request);
    },
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

/** Sweeps at start and every hour (each instance its own folder; a shared one is swept alike by each). */
export function keepSweepingUploads(dir: string, log: Logger): NodeJS.Timeout {
  const sweep = () => void sweepAbandonedUploads(dir).then((n) => {
    if (n > 0) log.info({ removed: n }, 'abandoned recording uploads deleted');
  }, (err: unknown) => log.warn({ err }, 'sweeping abandoned uploads failed'));
  sweep();
  return setInterval(sweep, 3600_000).unref();
}
