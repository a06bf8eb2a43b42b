/** The outbox topic of a transcode: written with RecordingUploaded, delivered by the recordings' own lane. */
export const TRANSCODE_TOPIC = 'recording-transcode';

export type TranscodePayload = { productKey: string; uploadId: string };

/**
 * Transcodes have a worker of their own: one at a time per instance (ffmpeg takes every core), a lease renewed while
 * ffmpeg runs (work.ts), so a crashed instance's transcode is taken over within half a minute and started again.
 */
export const TRANSCODE_LANE = { topics: [TRANSCODE_TOPIC], leaseMs: 30_000, batchSize: 1, concurrency: 1 } as const;

export const transcodeMessage = (p: TranscodePayload) => ({ topic: TRANSCODE_TOPIC, dedupeKey: `recording-transcode:${p.productKey}:${p.uploadId}`, payload: p });

/** Where an upload's source waits for its transcode (never served: no HLS path reaches it). */
export const sourceKey = (productKey: string, uploadId: string) => `sources/${productKey}/${uploadId}`;
