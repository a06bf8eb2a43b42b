import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventStore } from '../shared/events/index.ts';
import { DomainError, handleCommand, loadState, type Clock } from '../shared/kernel/index.ts';
import { probeFile, type ProbeOutcome } from './probe.ts';
import type { RecordingsPorts } from './ports.ts';
import { probeVerdict, recordingDecider, recordingStreamOf, type FailureCode, type JobState } from './recording.ts';
import { HLS_URL } from './serving.ts';
import type { Storage } from './storage/index.ts';
import { HLS_TOKEN_TTL_MS, type hlsTokens } from './tokens.ts';
import { sourceKey, transcodeMessage } from './topics.ts';

export type RecordingStatus = {
  current: { version: number; duration: number } | null;
  job: { state: JobState; progress: number; error: FailureCode | null } | null;
};

export type Upload = { productKey: string; uploadId: string; filePath: string; size: number; by: string };

const PRODUCT_KEY = /^[a-z0-9][a-z0-9-]{0,120}$/;
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function recordingCommands(deps: {
  db: Parameters<typeof handleCommand>[0]['db']; store: EventStore; clock: Clock; storage: Storage; workDir: string;
  ports: RecordingsPorts; tokens: ReturnType<typeof hlsTokens>; ttlMs?: number;
  /** ffprobe by default; a test counts its runs through it. */
  probe?: (path: string) => Promise<ProbeOutcome>;
}) {
  const probeOf = deps.probe ?? probeFile;
  const stream = (productKey: string) => recordingStreamOf(productKey);
  const state = async (productKey: string) => (await loadState(deps, recordingDecider, stream(productKey))).state;

  /**
   * An upload that finished (the tus endpoint's notice): probed, refused with a code when it is no recording we can
   * make (empty, not a video, no picture, no sound, cut short) or while another transcode of the product runs; else
   * its file becomes ours (moved into storage), RecordingUploaded is recorded and its transcode queued with it. A
   * refused file is deleted. The current recording plays on either way.
   */
  async function acceptUpload(upload: Upload): Promise<void> {
    if (!PRODUCT_KEY.test(upload.productKey) || !UPLOAD_ID.test(upload.uploadId)) throw new DomainError('invalid-body');
    const size = (await stat(upload.filePath)).size;
    let stored = false;
    try {
      // What the log already says comes before ffprobe: a notice told twice, or one refused as busy, costs no probe.
      const before = await state(upload.productKey);
      if (before.job?.uploadId === upload.uploadId) {
        // Told twice of one upload (a retried notice, or two instances adopting one file): the first is the one kept.
        await rm(upload.filePath, { force: true });
        return;
      }
      if (before.job && (before.job.state === 'queued' || before.job.state === 'running')) throw new DomainError('recording-busy');
      const probe = await probeOf(upload.filePath);
      const refusal = probeVerdict(size, probe);
      if (refusal) throw new DomainError(refusal);
      await deps.storage.putFile(sourceKey(upload.productKey, upload.uploadId), upload.filePath, { move: true });
      stored = true;
      await handleCommand(deps, recordingDecider, stream(upload.productKey),
        { type: 'AcceptUpload', productKey: upload.productKey, uploadId: upload.uploadId, size, probe, by: upload.by, at: deps.clock().toISOString() },
        { metadata: { actor: upload.by }, outbox: (events) => events.filter((e) => e.type === 'RecordingUploaded').map(() => transcodeMessage({ productKey: upload.productKey, uploadId: upload.uploadId })) });
    } catch (error) {
      // Refused (here or, in a race with another upload, by the decider): the file goes.
      if (stored) await deps.storage.deletePrefix(sourceKey(upload.productKey, upload.uploadId)).catch(() => {});
      await rm(upload.filePath, { force: true }).catch(() => {});
      throw error;
    }
  }

  /** Where a product's recording stands: the version viewers get, and the newest upload's transcode. */
  async function statusOf(productKey: string): Promise<RecordingStatus> {
    const s = await state(productKey);
    return {
      current: s.current ? { version: s.current.version, duration: s.current.duration } : null,
      job: s.job ? { state: s.job.state, progress: s.job.progress, error: s.job.error } : null,
    };
  }

  /**
   * The master playlist's URL with a fresh token for a viewer who may watch the product now, its expiry no later than
   * the end of their access; null for anyone else, or while the product has no recording ready.
   */
  async function playback(userId: string, productKey: string): Promise<{ url: string; expiresAt: Date } | null> {
    if (!PRODUCT_KEY.test(productKey)) return null;
    const [s, until] = await Promise.all([state(productKey), deps.ports.accessUntil(userId, productKey)]);
    const now = deps.clock().getTime();
    if (!s.current || !until || until.getTime() <= now) return null;
    const expires = Math.floor(Math.min(now + (deps.ttlMs ?? HLS_TOKEN_TTL_MS), until.getTime()) / 1000);
    if (expires * 1000 <= now) return null;
    const token = deps.tokens.sign({ userId, productKey, version: s.current.version, expires });
    return { url: `${HLS_URL}${productKey}/${s.current.version}/master.m3u8?t=${encodeURIComponent(token)}`, expiresAt: new Date(expires * 1000) };
  }

  /**
   * A recording that exists only as a file (the seed's demo recordings, in MEDIA_DIR) goes through the same path as an
   * upload, once: a product whose recording has any history is left alone before anything else is done (no copy, no
   * ffprobe: every start of every instance asks). Its file is copied, never moved.
   */
  async function adoptFile(productKey: string, path: string): Promise<boolean> {
    if ((await loadState(deps, recordingDecider, stream(productKey))).version > 0) return false;
    const size = await stat(path).then((s) => s.size, () => null);
    if (size === null) return false;
    await mkdir(deps.workDir, { recursive: true });
    const copy = join(deps.workDir, `adopt-${randomUUID()}`);
    await copyFile(path, copy);
    await acceptUpload({ productKey, uploadId: `adopted-${productKey}`, filePath: copy, size, by: 'seed' });
    return true;
  }

  return { acceptUpload, statusOf, playback, adoptFile };
}
