import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import { isRecordingContainer } from './containers.ts';
import type { ProbeOutcome } from './probe.ts';

/**
 * One product's recording (stream `recording-<productKey>`): the uploads it was given, the transcode of the newest
 * one, and the version viewers get. A new upload replaces the current version only when its transcode succeeds, so a
 * failed or corrupt file never takes a working recording away.
 */

/** Why an upload was refused or its transcode failed: codes the panel shows in words (src/i18n/messages/recordings.ts). */
export type RefusalCode = 'recording-empty' | 'recording-format' | 'recording-not-video' | 'recording-no-video' | 'recording-no-audio' | 'recording-too-short' | 'recording-truncated' | 'recording-busy';
export type FailureCode = 'recording-truncated' | 'recording-transcode-failed';

/** One HLS variant as the master playlist lists it. */
export type Rendition = { name: string; width: number | null; height: number | null; bandwidth: number; averageBandwidth: number; codecs: string };

export type RecordingEvent =
  | { type: 'RecordingUploaded'; data: { productKey: string; uploadId: string; version: number; size: number; duration: number; width: number; height: number; by: string; at: string } }
  | { type: 'TranscodeStarted'; data: { uploadId: string; at: string } }
  | { type: 'TranscodeProgressed'; data: { uploadId: string; progress: number } }
  | { type: 'RecordingReady'; data: { uploadId: string; version: number; duration: number; renditions: Rendition[]; at: string } }
  | { type: 'TranscodeFailed'; data: { uploadId: string; version: number; reason: FailureCode; at: string } };

export type RecordingCommand =
  | { type: 'AcceptUpload'; productKey: string; uploadId: string; size: number; probe: ProbeOutcome; by: string; at: string }
  | { type: 'StartTranscode'; uploadId: string; at: string }
  | { type: 'RecordProgress'; uploadId: string; progress: number }
  | { type: 'FinishTranscode'; uploadId: string; duration: number; renditions: Rendition[]; at: string }
  | { type: 'FailTranscode'; uploadId: string; reason: FailureCode; at: string };

export type JobState = 'queued' | 'running' | 'failed' | 'ready';
export type RecordingState = {
  /** The last version number given to an upload (versions are never reused, so a failed one's files are never served). */
  versions: number;
  current: { version: number; duration: number; renditions: Rendition[] } | null;
  job: { uploadId: string; version: number; state: JobState; progress: number; error: FailureCode | null; duration: number; width: number; height: number } | null;
};

export const recordingStreamOf = (productKey: string) => `recording-${productKey}`;

/** Progress is recorded in tenths: enough for a progress bar, at most ten events a transcode. */
export const PROGRESS_STEP = 0.1;

/**
 * The shortest recording taken, in seconds: a file of a frame or two (0.04 s) is a mistake, never a recording, and
 * taking it would replace the one viewers have.
 */
export const MIN_RECORDING_SECONDS = 1;

/** What the probe says of an upload: a refusal code, or null for a video we can transcode. */
export function probeVerdict(size: number, probe: ProbeOutcome): RefusalCode | null {
  if (size === 0) return 'recording-empty';
  // By its name, before anything else: a playlist or a manifest (hls, dash, concat) names other files, never a recording.
  // A file read is one of ours by its name too (a probe that read it without the allow-list is not trusted).
  if ((probe.readable || probe.format !== null) && !isRecordingContainer(probe.format ?? '')) return 'recording-format';
  if (!probe.readable) return probe.videoContainer ? 'recording-truncated' : 'recording-not-video';
  if (probe.truncated) return 'recording-truncated';
  if (!probe.video) return probe.audio ? 'recording-no-video' : 'recording-not-video';
  // A still picture (a JPEG, a PNG) probes as a video stream of one frame and no duration.
  if (!(probe.duration > 0)) return 'recording-not-video';
  if (probe.duration < MIN_RECORDING_SECONDS) return 'recording-too-short';
  if (!probe.audio) return 'recording-no-audio';
  return null;
}

const busy = (state: RecordingState) => state.job !== null && (state.job.state === 'queued' || state.job.state === 'running');
const isJob = (state: RecordingState, uploadId: string, ...states: JobState[]) => state.job?.uploadId === uploadId && states.includes(state.job.state);

export const recordingDecider: Decider<RecordingCommand, RecordingEvent, RecordingState> = {
  initialState: () => ({ versions: 0, current: null, job: null }),
  decide(command, state) {
    switch (command.type) {
      case 'AcceptUpload': {
        // A repeated notice of the same upload (the upload side retried) changes nothing.
        if (state.job?.uploadId === command.uploadId) return [];
        if (busy(state)) throw new DomainError('recording-busy');
        const refusal = probeVerdict(command.size, command.probe);
        if (refusal) throw new DomainError(refusal);
        const { video, duration } = command.probe;
        return [{ type: 'RecordingUploaded', data: {
          productKey: command.productKey, uploadId: command.uploadId, version: state.versions + 1, size: command.size,
          duration: duration, width: video!.width, height: video!.height, by: command.by, at: command.at,
        } }];
      }
      case 'StartTranscode':
        // Started again after a crash (its lease ran out and another worker took it): recorded, the work starts over.
        return isJob(state, command.uploadId, 'queued', 'running') ? [{ type: 'TranscodeStarted', data: { uploadId: command.uploadId, at: command.at } }] : [];
      case 'RecordProgress': {
        const step = Math.floor(Math.min(1, Math.max(0, command.progress)) / PROGRESS_STEP) * PROGRESS_STEP;
        const progress = Math.round(step * 10) / 10;
        return isJob(state, command.uploadId, 'running') && progress > state.job!.progress
          ? [{ type: 'TranscodeProgressed', data: { uploadId: command.uploadId, progress } }] : [];
      }
      case 'FinishTranscode':
        return isJob(state, command.uploadId, 'running') ? [{ type: 'RecordingReady', data: {
          uploadId: command.uploadId, version: state.job!.version, duration: command.duration, renditions: command.renditions, at: command.at,
        } }] : [];
      case 'FailTranscode':
        return isJob(state, command.uploadId, 'queued', 'running')
          ? [{ type: 'TranscodeFailed', data: { uploadId: command.uploadId, version: state.job!.version, reason: command.reason, at: command.at } }] : [];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'RecordingUploaded':
        return { ...state, versions: event.data.version, job: {
          uploadId: event.data.uploadId, version: event.data.version, state: 'queued', progress: 0, error: null,
          duration: event.data.duration, width: event.data.width, height: event.data.height,
        } };
      case 'TranscodeStarted':
        return state.job ? { ...state, job: { ...state.job, state: 'running', progress: 0 } } : state;
      case 'TranscodeProgressed':
        return state.job ? { ...state, job: { ...state.job, progress: event.data.progress } } : state;
      case 'RecordingReady':
        return {
          ...state, current: { version: event.data.version, duration: event.data.duration, renditions: event.data.renditions },
          job: state.job ? { ...state.job, state: 'ready', progress: 1 } : null,
        };
      case 'TranscodeFailed':
        return state.job ? { ...state, job: { ...state.job, state: 'failed', error: event.data.reason } } : state;
    }
  },
  // A recording changes no user's view by itself: who may watch is purchases' business.
  concerns: { RecordingUploaded: nobody, TranscodeStarted: nobody, TranscodeProgressed: nobody, RecordingReady: nobody, TranscodeFailed: nobody },
};
