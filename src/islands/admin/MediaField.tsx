import { useRef, useState, type DragEvent } from 'react';
import { MAX_UPLOAD_BYTES, pictureSources } from '../../../modules/media/index.ts';
import { messageOf } from '../accounts/api.ts';
import { FieldError } from './fields.tsx';
import { usePanel } from './messages.ts';

type Props = { id: string; label: string; value: string | null; onChange: (value: string | null) => void; kind: 'image' | 'video'; optional?: boolean; error?: string };
type Upload = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'done' } | { state: 'error'; message: string };

/** Sends one file as the request body (POST /api/admin/media), reporting progress; answers the stored path or the server's message. */
function send(file: File, kind: Props['kind'], onProgress: (percent: number) => void): Promise<{ path: string } | { message: string | null }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/media?kind=${kind}`);
    xhr.setRequestHeader('accept', 'application/json');
    // The server reads the content, never this type; it only keeps the browser from sending a form.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100)); };
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try { body = JSON.parse(xhr.responseText) as Record<string, unknown>; } catch { body = null; }
      resolve(xhr.status === 200 && typeof body?.path === 'string' ? { path: body.path } : { message: messageOf(body) });
    };
    xhr.onerror = () => resolve({ message: null });
    xhr.send(file);
  });
}

/**
 * A picture or preview video (`optional`: its label says so, and it can be removed) of a product or facilitator: a file picker and a drop zone, a progress bar while it
 * uploads, a preview of what is stored and the server's message when it refuses the file. The value is the site
 * path the server answered; the old static /media paths show as they are.
 */
export default function MediaField({ id, label, value, onChange, kind, optional, error }: Props) {
  const { say } = usePanel();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;

  async function take(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) { setUpload({ state: 'error', message: say('adminPanel.media.tooLarge') }); return; }
    setUpload({ state: 'sending', percent: 0 });
    const answer = await send(file, kind, (percent) => setUpload({ state: 'sending', percent }));
    if ('path' in answer) {
      onChange(answer.path);
      setUpload({ state: 'done' });
    } else {
      setUpload({ state: 'error', message: answer.message ?? say('adminPanel.media.failed') });
    }
    if (input.current) input.current.value = '';
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0]);
  };
  const preview = value ? pictureSources(value, 320)?.src ?? value : null;

  return (
    <div className="field media-field">
      <label htmlFor={id}>{label}</label>
      <div className={`media-field__drop${over ? ' media-field__drop--over' : ''}`}
        onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={onDrop}>
        {preview
          ? (kind === 'video'
            ? <video className="media-field__preview" src={preview} muted controls preload="metadata" />
            : <img className="media-field__preview" src={preview} alt="" />)
          : <p className="media-field__none">{say('adminPanel.media.none')}</p>}
        <input ref={input} id={id} type="file" accept={kind === 'video' ? 'video/mp4,video/webm' : 'image/jpeg,image/png,image/webp,image/avif,image/gif'}
          aria-describedby={`${hintId} ${statusId}${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined} disabled={upload.state === 'sending'} onChange={(e) => void take(e.target.files?.[0])} />
        <span>{say('adminPanel.media.drop')}</span>
      </div>
      <FieldError id={id} error={error} />
      <p id={hintId} className="admin-hint">{say(kind === 'video' ? 'adminPanel.media.videoHint' : 'adminPanel.media.imageHint')}</p>
      {/* A live region, not a role=status: the form's own status line stays the one status of the section. */}
      <div id={statusId} aria-live="polite">
        {upload.state === 'sending' && <><progress max={100} value={upload.percent} aria-label={say('adminPanel.media.uploading')} /> {upload.percent}%</>}
        {upload.state === 'done' && <span>{say('adminPanel.media.uploaded')}</span>}
        {upload.state === 'error' && <span className="status--error" role="alert">{upload.message}</span>}
      </div>
      {optional && value && (
        <button type="button" className="button button--small button--quiet" onClick={() => { onChange(null); setUpload({ state: 'idle' }); }}>
          {say('adminPanel.media.remove')}</button>
      )}
    </div>
  );
}
