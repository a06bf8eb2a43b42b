/**
 * INTEGRATOR: a stand-in for modules/recordings (issue 26, built on branch h-hls) with the contract's interface
 * (/work/contracts/issue26.md): delete this file and wire the real module as `services.recordings` in modules.ts.
 * It takes the finished upload away from the tus folder (as the real module does), remembers a "queued" job in
 * memory, and has no HLS to play (`playbackUrl` is null), so the watch page keeps the signed-file player.
 */
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';

export type RecordingJob = { state: 'queued' | 'running' | 'failed' | 'ready'; progress: number; error: string | null };
export type RecordingStatus = { current: { version: string; duration: number } | null; job: RecordingJob | null };

/** What the upload endpoint, the admin's status and the watch page use of modules/recordings. */
export type RecordingsDoor = {
  acceptUpload(input: { productKey: string; uploadId: string; filePath: string; size: number; by: string }): Promise<void>;
  statusOf(productKey: string): Promise<RecordingStatus>;
  playbackUrl(userId: string, productKey: string): Promise<string | null>;
};

export function recordingsStandIn(dataDir: string): RecordingsDoor {
  const jobs = new Map<string, RecordingJob>();
  return {
    async acceptUpload({ productKey, uploadId, filePath }) {
      const dir = join(dataDir, 'recordings-stand-in', productKey);
      await mkdir(dir, { recursive: true });
      await rename(filePath, join(dir, uploadId));
      jobs.set(productKey, { state: 'queued', progress: 0, error: null });
    },
    async statusOf(productKey) {
      return { current: null, job: jobs.get(productKey) ?? null };
    },
    async playbackUrl() {
      return null;
    },
  };
}
