import { useEffect, useRef, useState } from 'react';
import { defaultOptions, Upload, type PreviousUpload } from 'tus-js-client';
import { messageOf } from '../accounts/api.ts';
import { useResource } from './api.ts';
import { usePanel, type PanelKey } from './messages.ts';
import { addSample, bytes, clock, secondsLeft, type Sample } from './upload-progress.ts';

type Status = { current: { version: string | number; duration: number } | null; job: { state: 'queued' | 'running' | 'failed' | 'ready'; progress: number; error: string | null } | null };
type Sending =
  | { state: 'idle' }
  | { state: 'sending' | 'paused'; sent: number; total: number; left: number | null }
  | { state: 'sent' }
  | { state: 'error'; message: string };

/** Each request carries at most this much, so one stays well inside the server's time for a request on a slow line. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
const REASONS = ['recording-format', 'recording-not-video', 'recording-no-video', 'recording-no-audio', 'recording-too-short', 'recording-empty', 'recording-busy'];

/** The server's `{ message }` of a refused tus request, when it sent one. */
function refusalOf(error: Error): string | null {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try { return body ? messageOf(JSON.parse(body) as Record<string, unknown>) : null; } catch { return null; }
}

/**
 * The recording of a product (issue 26): a resumable upload (tus) with a progress bar, the time left, pause and
 * resume, and the recording's preparation as modules/recordings reports it. An upload cut off (connection, closed
 * laptop, reloaded page) continues from where the server has it when the same file is chosen again: tus-js-client
 * keeps its address in localStorage under the file's fingerprint and this product.
 */
export default function RecordingUpload({ productKey }: { productKey: string }) {
  const { say, lang } = usePanel();
  const w = (key: string, vars?: Record<string, string | number>) => say(`adminPanel.recording.${key}` as PanelKey, vars);
  const [status, reload] = useResource<Status>(`/api/admin/recordings/${encodeURIComponent(productKey)}`);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const upload = useRef<Upload | null>(null);
  const samples = useRef<Sample[]>([]);
  const id = `recording-${productKey}`;

  const busy = status.state === 'ready' && (status.data.job?.state === 'queued' || status.data.job?.state === 'running');
  // While the recording is being prepared, its progress is asked for every few seconds.
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(reload, 3000);
    return () => clearInterval(timer);
  }, [busy, reload]);
  // Uploads of this product left unfinished in this browser (a reload, a crash): the admin is told to choose the file again.
  useEffect(() => {
    void defaultOptions.urlStorage.findAllUploads().catch(() => []).then((all) => {
      setUnfinished(all.filter((p) => p.metadata['productKey'] === productKey));
    });
  }, [productKey]);
  useEffect(() => () => { void upload.current?.abort(); }, []);

  async function take(file: File | undefined) {
    if (!file) return;
    samples.current = [];
    const tus = new Upload(file, {
      endpoint: '/api/admin/uploads',
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { productKey, filename: file.name, filetype: file.type },
      // The same file for another product is another upload.
      fingerprint: async (f: File) => ['recording', productKey, f.name, f.type, f.size, f.lastModified].join('-'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        samples.current = addSample(samples.current, { at: Date.now(), sent });
        setSending((s) => ({ state: s.state === 'paused' ? 'paused' : 'sending', sent, total, left: secondsLeft(samples.current, total) }));
      },
      onSuccess: () => { setSending({ state: 'sent' }); setUnfinished([]); reload(); },
      onError: (error) => setSending({ state: 'error', message: w('failed', { reason: refusalOf(error) ?? w('offline') }) }),
    });
    upload.current = tus;
    setSending({ state: 'sending', sent: 0, total: file.size, left: null });
    const previous = await tus.findPreviousUploads().catch(() => []);
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    tus.start();
  }

  function pause() {
    void upload.current?.abort();
    setSending((s) => (s.state === 'sending' ? { ...s, state: 'paused', left: null } : s));
  }
  function resume() {
    samples.current = [];
    setSending((s) => (s.state === 'paused' ? { ...s, state: 'sending' } : s));
    upload.current?.start();
  }

  const percent = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);
  const reason = (code: string | null) => w(`reason.${code && REASONS.includes(code) ? code : 'unknown'}`);

  return (
    <div className="field recording-upload" data-testid="recording-upload">
      <h4>{w('title')}</h4>
      <p className="admin-hint" id={`${id}-hint`}>{w('hint')}</p>
      <p role="status" data-testid="recording-status">
        <strong>{w('status')}: </strong>
        {status.state === 'error' && w('status.loadFailed')}
        {status.state === 'ready' && <>
          {status.data.current ? w('status.current', { version: String(status.data.current.version), duration: clock(status.data.current.duration) }) : w('status.none')}
          {' '}
          {status.data.job?.state === 'queued' && w('status.queued')}
          {status.data.job?.state === 'running' && w('status.running', { percent: Math.floor(status.data.job.progress * 100) })}
          {status.data.job?.state === 'failed' && w('status.failed', { reason: reason(status.data.job.error) })}
          {status.data.job?.state === 'ready' && w('status.ready')}
        </>}
      </p>
      {unfinished.length > 0 && sending.state === 'idle' && (
        <p className="admin-hint" data-testid="recording-unfinished">
          {w('unfinished', { file: unfinished.map((p) => p.metadata['filename'] ?? '').join(', ') })}
        </p>
      )}
      <label htmlFor={id}>{w('choose')}</label>
      <input id={id} type="file" accept="video/*" aria-describedby={`${id}-hint`} disabled={sending.state === 'sending' || sending.state === 'paused'}
        onChange={(e) => void take(e.target.files?.[0])} />
      {(sending.state === 'sending' || sending.state === 'paused') && (
        <div className="recording-upload__progress">
          <progress max={sending.total} value={sending.sent} aria-label={w('title')} />
          <p aria-live="polite" data-testid="recording-progress">
            {w('progress', { percent: percent(sending.sent, sending.total), sent: bytes(sending.sent, lang), total: bytes(sending.total, lang) })}
            {' · '}
            {sending.state === 'paused' ? w('paused') : sending.left === null ? w('timeLeftUnknown') : w('timeLeft', { time: clock(sending.left) })}
          </p>
          {sending.state === 'sending'
            ? <button type="button" className="button button--quiet" onClick={pause}>{w('pause')}</button>
            : <button type="button" className="button" onClick={resume}>{w('resume')}</button>}
        </div>
      )}
      {sending.state === 'sent' && <p className="status" role="status">{w('sent')}</p>}
      {sending.state === 'error' && <p className="status status--error" role="alert">{sending.message}</p>}
    </div>
  );
}
