import { describe, expect, it } from 'vitest';
import { recordingDecider, type ProbeOutcome, type RecordingEvent } from '../../../modules/recordings/index.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const spec = deciderSpec(recordingDecider);
const AT = '2026-11-26T10:00:00.000Z';
const video: ProbeOutcome = { format: 'mov,mp4,m4a,3gp,3g2,mj2', readable: true, videoContainer: true, duration: 3, video: { codec: 'h264', width: 640, height: 360 }, audio: { codec: 'aac', channels: 2 }, truncated: false };
const accept = (over: Partial<{ uploadId: string; size: number; probe: ProbeOutcome }> = {}) =>
  ({ type: 'AcceptUpload' as const, productKey: 'trauma', uploadId: 'u1', size: 1000, probe: video, by: 'admin', at: AT, ...over });
const uploaded = (uploadId = 'u1', version = 1): RecordingEvent =>
  ({ type: 'RecordingUploaded', data: { productKey: 'trauma', uploadId, version, size: 1000, duration: 3, width: 640, height: 360, by: 'admin', at: AT } });
const started = (uploadId = 'u1'): RecordingEvent => ({ type: 'TranscodeStarted', data: { uploadId, at: AT } });
const rendition = { name: '360p', width: 640, height: 360, bandwidth: 900_000, averageBandwidth: 800_000, codecs: 'avc1.64001e,mp4a.40.2' };
const ready = (uploadId = 'u1', version = 1): RecordingEvent => ({ type: 'RecordingReady', data: { uploadId, version, duration: 3, renditions: [rendition], at: AT } });

describe('a recording upload', () => {
  it('given no recording, when a video with sound is uploaded, then it is recorded as version 1, queued', () =>
    spec.given([]).when(accept()).then([uploaded()]));
  it('given a ready version 1, when another upload comes, then it becomes version 2', () =>
    spec.given([uploaded(), started(), ready()]).when(accept({ uploadId: 'u2' })).then([uploaded('u2', 2)]));
  it('given a failed version, when a new upload comes, then its number is not reused', () =>
    spec.given([uploaded(), started(), { type: 'TranscodeFailed', data: { uploadId: 'u1', version: 1, reason: 'recording-truncated', at: AT } }])
      .when(accept({ uploadId: 'u2' })).then([uploaded('u2', 2)]));
  it('given an upload queued or transcoding, when a second one comes, then it is refused as busy', () => {
    spec.given([uploaded()]).when(accept({ uploadId: 'u2' })).thenThrows('recording-busy');
    spec.given([uploaded(), started()]).when(accept({ uploadId: 'u2' })).thenThrows('recording-busy');
  });
  it('given the same upload announced twice, then nothing more is recorded', () => spec.given([uploaded()]).when(accept()).thenNothing());
  it('when the file is empty, then it is refused as empty', () => spec.given([]).when(accept({ size: 0 })).thenThrows('recording-empty'));
  it('when ffprobe cannot read it and it does not start like a video, then it is not a video', () =>
    spec.given([]).when(accept({ probe: { ...video, readable: false, videoContainer: false, video: null, audio: null } })).thenThrows('recording-not-video'));
  it('when it starts like a video but cannot be read, or its index promises more than it holds, then it is cut short', () => {
    spec.given([]).when(accept({ probe: { ...video, readable: false, video: null, audio: null } })).thenThrows('recording-truncated');
    spec.given([]).when(accept({ probe: { ...video, truncated: true } })).thenThrows('recording-truncated');
  });
  it('when it has sound but no picture, then it has no video', () => spec.given([]).when(accept({ probe: { ...video, video: null } })).thenThrows('recording-no-video'));
  it('when it is a still picture (no duration), then it is not a video', () => spec.given([]).when(accept({ probe: { ...video, audio: null, duration: 0 } })).thenThrows('recording-not-video'));
  it('when it is a playlist, a manifest or a concat script (read or refused by name), then it is refused by its format', () => {
    for (const format of ['hls', 'dash', 'concat', 'webm_dash_manifest', 'image2', 'mpegts']) {
      spec.given([]).when(accept({ probe: { ...video, format } })).thenThrows('recording-format');
      spec.given([]).when(accept({ probe: { ...video, format, readable: false, videoContainer: false, video: null, audio: null } })).thenThrows('recording-format');
    }
    // Read, yet with no name: not trusted as one of ours.
    spec.given([]).when(accept({ probe: { ...video, format: null } })).thenThrows('recording-format');
  });
  it('when it is MP4/MOV, Matroska/WebM or AVI, then its container is taken', () => {
    for (const format of ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi']) spec.given([]).when(accept({ probe: { ...video, format } })).then([uploaded()]);
  });
  it('when it lasts less than a second, then it is too short; a second is enough', () => {
    spec.given([]).when(accept({ probe: { ...video, duration: 0.04 } })).thenThrows('recording-too-short');
    spec.given([]).when(accept({ probe: { ...video, duration: 0.999 } })).thenThrows('recording-too-short');
    spec.given([]).when(accept({ probe: { ...video, duration: 1 } })).then([{ ...uploaded(), data: { ...uploaded().data, duration: 1 } } as RecordingEvent]);
  });
  it('when it has a picture but no sound, then it has no audio', () => spec.given([]).when(accept({ probe: { ...video, audio: null } })).thenThrows('recording-no-audio'));
});

describe('a transcode', () => {
  it('given a queued upload, when the worker starts it, then it is running; started again after a crash, then again', () => {
    spec.given([uploaded()]).when({ type: 'StartTranscode', uploadId: 'u1', at: AT }).then([started()]);
    spec.given([uploaded(), started()]).when({ type: 'StartTranscode', uploadId: 'u1', at: AT }).then([started()]);
  });
  it('given an upload already ready, or another upload\'s turn, when a stale message starts it, then nothing happens', () => {
    spec.given([uploaded(), started(), ready()]).when({ type: 'StartTranscode', uploadId: 'u1', at: AT }).thenNothing();
    spec.given([uploaded('u2')]).when({ type: 'StartTranscode', uploadId: 'u1', at: AT }).thenNothing();
  });
  it('given a running transcode, when it reports progress, then it is kept in tenths, forward only', () => {
    spec.given([uploaded(), started()]).when({ type: 'RecordProgress', uploadId: 'u1', progress: 0.37 }).then([{ type: 'TranscodeProgressed', data: { uploadId: 'u1', progress: 0.3 } }]);
    spec.given([uploaded(), started(), { type: 'TranscodeProgressed', data: { uploadId: 'u1', progress: 0.3 } }]).when({ type: 'RecordProgress', uploadId: 'u1', progress: 0.35 }).thenNothing();
    spec.given([uploaded(), started()]).when({ type: 'RecordProgress', uploadId: 'u1', progress: 0.05 }).thenNothing();
  });
  it('given a running transcode, when it succeeds, then its version becomes the current one', () => {
    spec.given([uploaded(), started()]).when({ type: 'FinishTranscode', uploadId: 'u1', duration: 3, renditions: [rendition], at: AT }).then([ready()]);
    const after = spec.given([uploaded(), started()]).when({ type: 'FinishTranscode', uploadId: 'u1', duration: 3, renditions: [rendition], at: AT }).state();
    expect(after.current).toEqual({ version: 1, duration: 3, renditions: [rendition] });
    expect(after.job).toMatchObject({ state: 'ready', progress: 1 });
  });
  it('given version 1 playing and version 2 transcoding, when version 2 fails, then version 1 stays current and the reason is kept', () => {
    const history = [uploaded(), started(), ready(), uploaded('u2', 2), started('u2')];
    const failed: RecordingEvent = { type: 'TranscodeFailed', data: { uploadId: 'u2', version: 2, reason: 'recording-transcode-failed', at: AT } };
    spec.given(history).when({ type: 'FailTranscode', uploadId: 'u2', reason: 'recording-transcode-failed', at: AT }).then([failed]);
    const after = spec.given(history).when({ type: 'FailTranscode', uploadId: 'u2', reason: 'recording-transcode-failed', at: AT }).state();
    expect(after.current?.version).toBe(1);
    expect(after.job).toMatchObject({ uploadId: 'u2', state: 'failed', error: 'recording-transcode-failed' });
  });
  it('given a transcode not running, when it is said to finish, then nothing is recorded', () =>
    spec.given([uploaded()]).when({ type: 'FinishTranscode', uploadId: 'u1', duration: 3, renditions: [rendition], at: AT }).thenNothing());
});
