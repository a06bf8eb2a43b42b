import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { SharedTables } from '../shared/db/index.ts';
import type { EventStore } from '../shared/events/index.ts';
import { handleCommand, type Clock } from '../shared/kernel/index.ts';
import { renewClaim, type OutboxHandler } from '../shared/outbox/index.ts';
import { masterPlaylist } from './ladder.ts';
import { recordingDecider, recordingStreamOf, type RecordingCommand } from './recording.ts';
import { versionPrefix } from './serving.ts';
import type { Storage } from './storage/index.ts';
import { sourceKey, TRANSCODE_LANE, type TranscodePayload } from './topics.ts';
import { transcode } from './transcode.ts';

export type WorkDeps = {
  db: Kysely<SharedTables>; store: EventStore; clock: Clock; storage: Storage; workDir: string;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
  leaseMs?: number;
};

/**
 * The transcode of one upload, as the outbox delivers it (once across instances: the row's claim). The claim is
 * renewed while ffmpeg runs; when it is lost (this instance stalled and another took the work) ffmpeg is stopped and
 * nothing is recorded. A crash leaves the row to be claimed again when its lease runs out, and the work starts over
 * (TranscodeStarted again). Only a successful run moves the recording to its new version.
 */
export function transcodeHandler(deps: WorkDeps): OutboxHandler {
  const leaseMs = deps.leaseMs ?? TRANSCODE_LANE.leaseMs;
  const at = () => deps.clock().toISOString();
  const command = (productKey: string, c: RecordingCommand) => handleCommand(deps, recordingDecider, recordingStreamOf(productKey), c, { metadata: { actor: 'transcoder' } });

  return async (payload, message) => {
    const { productKey, uploadId } = payload as TranscodePayload;
    const started = await command(productKey, { type: 'StartTranscode', uploadId, at: at() });
    // Not this upload's turn any more (done before a crash, failed, or replaced): nothing to do.
    if (started.events.length === 0) return;
    const job = started.state.job!;
    const scratch = join(deps.workDir, uploadId);
    const lost = new AbortController();
    const renewal = setInterval(() => {
      renewClaim(deps.db, message.id, message.claimToken, leaseMs)
        .then((ours) => { if (!ours) lost.abort(); })
        .catch((error: unknown) => deps.log.warn({ err: error, uploadId }, 'renewing the transcode claim failed, will try again'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await rm(scratch, { recursive: true, force: true });
      await mkdir(join(scratch, 'out'), { recursive: true });
      const source = await deps.storage.localCopy(sourceKey(productKey, uploadId), scratch);
      let step = 0;
      const outcome = await transcode({
        source, out: join(scratch, 'out'), width: job.width, height: job.height, duration: job.duration,
        signal: lost.signal,
        onProgress: (fraction) => {
          const tenth = Math.floor(fraction * 10);
          if (tenth <= step || tenth >= 10) return;
          step = tenth;
          void command(productKey, { type: 'RecordProgress', uploadId, progress: tenth / 10 }).catch(() => {});
        },
      });
      if (!outcome.ok) {
        deps.log.warn({ productKey, uploadId, reason: outcome.reason, detail: outcome.detail }, 'transcode failed');
        await command(productKey, { type: 'FailTranscode', uploadId, reason: outcome.reason, at: at() });
        await deps.storage.deletePrefix(sourceKey(productKey, uploadId)).catch(() => {});
        return;
      }
      // Files first, the master last: a version is complete once its master exists, and only then recorded as ready.
      const prefix = versionPrefix(productKey, job.version);
      await deps.storage.deletePrefix(prefix);
      for (const file of outcome.files) await deps.storage.putFile(prefix + file, join(scratch, 'out', file), { move: true });
      await deps.storage.putText(prefix + 'master.m3u8', masterPlaylist(outcome.renditions), 'application/vnd.apple.mpegurl');
      if (lost.signal.aborted) throw new Error('transcode claim lost before its recording was recorded');
      const ready = await command(productKey, { type: 'FinishTranscode', uploadId, duration: outcome.duration, renditions: outcome.renditions, at: at() });
      deps.log.info({ productKey, uploadId, version: job.version, renditions: outcome.renditions.map((r) => r.name) }, 'recording ready');
      await deps.storage.deletePrefix(sourceKey(productKey, uploadId)).catch(() => {});
      // Versions before the previous one go: the previous stays for viewers whose token names it until it expires.
      const current = ready.state.current?.version ?? job.version;
      for (let v = current - 2; v >= 1 && v >= current - 6; v--) await deps.storage.deletePrefix(versionPrefix(productKey, v)).catch(() => {});
    } finally {
      clearInterval(renewal);
      await rm(scratch, { recursive: true, force: true }).catch(() => {});
    }
  };
}

