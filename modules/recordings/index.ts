import { join } from 'node:path';
import { systemClock, type ModuleContext } from '../shared/kernel/index.ts';
import { outsideCalls } from '../shared/outside/index.ts';
import { recordingCommands } from './commands.ts';
import type { RecordingsPorts } from './ports.ts';
import type { ProbeOutcome } from './probe.ts';
import { hlsServing } from './serving.ts';
import { s3SettingsOf, storageFor, type Storage } from './storage/index.ts';
import { hlsTokens } from './tokens.ts';
import { TRANSCODE_LANE, TRANSCODE_TOPIC } from './topics.ts';
import { transcodeHandler } from './work.ts';

export { recordingDecider, recordingStreamOf, probeVerdict, MIN_RECORDING_SECONDS, PROGRESS_STEP, type FailureCode, type RefusalCode, type RecordingCommand, type RecordingEvent, type RecordingState, type Rendition } from './recording.ts';
export { planLadder, masterPlaylist, measuredBandwidth, playlistSegments, SEGMENT_SECONDS, type PlannedRendition } from './ladder.ts';
export { probeFile, type ProbeOutcome } from './probe.ts';
export { isRecordingContainer, RECORDING_DEMUXERS } from './containers.ts';
export { transcode, type TranscodeOutcome } from './transcode.ts';
export { HLS_URL, PRESIGNED_SECONDS, parseHlsPath, withToken, type Served } from './serving.ts';
export { HLS_TOKEN_TTL_MS, hlsTokens } from './tokens.ts';
export { TRANSCODE_LANE, TRANSCODE_TOPIC, transcodeMessage } from './topics.ts';
export { localStorage, MIN_PART_BYTES, PART_BYTES, s3Client, s3ClientConfig, s3SettingsOf, s3Storage, storageFor, watchS3, type Opened, type S3Settings, type Storage } from './storage/index.ts';
export type { RecordingStatus, Upload } from './commands.ts';
export type { RecordingsPorts } from './ports.ts';

/**
 * Recordings the institute uploads (issue 26): each upload probed, transcoded in the background into an HLS ladder
 * (outbox work, once across instances), stored under DATA_DIR or in an S3-compatible bucket, and served playlist by
 * playlist and segment by segment only to a viewer whose token and access both hold at that moment.
 */
export function createRecordings(ctx: ModuleContext, ports: RecordingsPorts, options: { storage?: Storage; ttlMs?: number; leaseMs?: number; probe?: (path: string) => Promise<ProbeOutcome> } = {}) {
  const { config } = ctx;
  const outside = outsideCalls(ctx.db, { clock: ctx.clock, onError: (err) => ctx.log.warn({ err }, 'S3 status not recorded') });
  const storage = options.storage ?? storageFor(join(config.DATA_DIR, 'recordings'), s3SettingsOf(config), outside);
  const clock = ctx.clock ?? systemClock;
  const tokens = hlsTokens(config.JWT_SECRET);
  const workDir = join(config.DATA_DIR, 'recordings-work');
  const commands = recordingCommands({ db: ctx.db, store: ctx.store, clock, storage, workDir, ports, tokens, ttlMs: options.ttlMs, probe: options.probe });
  return {
    /** The tus endpoint's notice of a finished upload: probed, refused with a code, or queued for transcoding. */
    acceptUpload: commands.acceptUpload,
    /** The panel's view of a product's recording: the version playing and the newest upload's transcode. */
    statusOf: commands.statusOf,
    /** The master playlist's URL for a viewer who may watch now (a fresh token each call), or null. */
    playbackUrl: async (userId: string, productKey: string) => (await commands.playback(userId, productKey))?.url ?? null,
    /** The same with the token's expiry, for a player that renews it before it runs out. */
    playback: commands.playback,
    /** A recording file given outside an upload (the seed's demo recordings) goes the upload's way, once. */
    adoptFile: commands.adoptFile,
    /** One HLS request (`/media/hls/…`): what to answer. */
    serve: hlsServing({ storage, tokens, ports, clock, redirectSegments: config.S3_REDIRECT }),
    storageKind: storage.kind,
    outboxHandlers: { [TRANSCODE_TOPIC]: transcodeHandler({ db: ctx.db, store: ctx.store, clock, storage, workDir, log: ctx.log, leaseMs: options.leaseMs }) },
    /** Transcodes' own worker (TRANSCODE_WORKERS at a time, a renewed lease); concurrency 0: no worker here. */
    lane: { ...TRANSCODE_LANE, leaseMs: options.leaseMs ?? TRANSCODE_LANE.leaseMs, concurrency: config.TRANSCODE_WORKERS, batchSize: Math.max(1, config.TRANSCODE_WORKERS) },
  };
}

export type Recordings = ReturnType<typeof createRecordings>;
