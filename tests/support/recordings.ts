import { Upload } from 'tus-js-client';
import { bearer } from './accounts.ts';
import type { RunningServer } from './server.ts';

type Status = { current: { version: number; duration: number } | null; job: { state: string; progress: number; error: string | null } | null };

/** The admin panel's view of a product's recording (GET /api/admin/recordings/{key}). */
export async function recordingStatus(server: Pick<RunningServer, 'url'>, adminToken: string, productKey: string): Promise<Status> {
  const res = await fetch(`${server.url}/api/admin/recordings/${productKey}`, { headers: { cookie: 'lang=en', ...bearer(adminToken) } });
  if (res.status !== 200) throw new Error(`recording status answered ${res.status}`);
  return (await res.json()) as Status;
}

/**
 * Uploads a video as an admin through tus (the panel's way, in one run), once no transcode of the product is under way
 * (a second upload would be refused), then waits until the server (TRANSCODE_WORKERS of at least 1) has transcoded it
 * into the version viewers get; answers that version.
 */
export async function uploadRecording(server: Pick<RunningServer, 'url'>, adminToken: string, productKey: string, file: Buffer, ms = 120_000): Promise<number> {
  const deadline = Date.now() + ms;
  const wait = async <T>(what: string, check: (s: Status) => T | null): Promise<T> => {
    for (;;) {
      const s = await recordingStatus(server, adminToken, productKey);
      const done = check(s);
      if (done !== null) return done;
      if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const before = await wait('the previous transcode finished', (s) => (s.job?.state === 'queued' || s.job?.state === 'running' ? null : s.current?.version ?? 0));
  await new Promise<void>((resolve, reject) => {
    new Upload(file, {
      endpoint: `${server.url}/api/admin/uploads`, headers: bearer(adminToken), retryDelays: null, chunkSize: 8 * 1024 * 1024,
      metadata: { productKey, filename: 'nagranie.mp4' }, onSuccess: () => resolve(), onError: reject,
    }).start();
  });
  return wait('the upload transcoded', (s) => {
    if (s.job?.state === 'failed') throw new Error(`the transcode failed: ${s.job.error}`);
    return s.current && s.current.version > before ? s.current.version : null;
  });
}
