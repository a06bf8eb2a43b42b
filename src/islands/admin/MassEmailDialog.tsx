import { useEffect, useState, type FormEvent } from 'react';
import Dialog from '../shared/Dialog.tsx';
import { request } from './api.ts';
import { LetterTools } from './LetterPreview.tsx';
import { usePanel } from './messages.ts';
import type { CampaignProgress } from './types.ts';
import { useHydrated } from '../shared/useHydrated.ts';

type Props = { target: string; label: string; onClose: () => void };

/**
 * The e-mail modal (spec 2: subject, body) for everyone (`target` "all") or one event's buyers (its key). Once the
 * server has queued the campaign it shows how the sending goes, polling until nothing is pending. Before sending,
 * the letter can be previewed as a recipient reads it and sent to the admin alone as a test (LetterPreview.tsx).
 */
export default function MassEmailDialog({ target, label, onClose }: Props) {
  const hydrated = useHydrated();
  const { say } = usePanel();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [campaign, setCampaign] = useState<{ id: string; message: string } | null>(null);
  // One key per opened modal: a double click or a retry after a lost answer queues the campaign once.
  const [idempotencyKey] = useState(newKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const reply = await request<{ message: string; campaignId: string }>('POST', '/api/mass-email', { subject, body, target },
      { 'idempotency-key': idempotencyKey });
    setBusy(false);
    if (reply.ok && reply.data) setCampaign({ id: reply.data.campaignId, message: reply.data.message });
    else setError(reply.message ?? say('campaigns.failed'));
  }

  return (
    <Dialog open onClose={onClose} label={label} closeLabel={say('adminPanel.close')} className="admin-dialog">
      <h2 className="admin-dialog__title">{label}</h2>
      {campaign ? (
        <>
          <p>{campaign.message}</p>
          <Progress id={campaign.id} />
          <button type="button" className="button" onClick={onClose}>{say('adminPanel.close')}</button>
        </>
      ) : (
        <form className="admin-form" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor="mass-email-subject">{say('adminPanel.email.subject')}</label>
            <input id="mass-email-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="mass-email-body">{say('adminPanel.email.body')}</label>
            <textarea id="mass-email-body" rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
          </div>
          {error && <p className="status status--error" role="alert">{error}</p>}
          <LetterTools letter={{ subject, body }} />
          <div className="admin-actions">
            <button type="submit" className="button" disabled={!hydrated || busy}>{busy ? say('adminPanel.email.sending') : say('adminPanel.email.send')}</button>
            <button type="button" className="button button--quiet" onClick={onClose}>{say('adminPanel.cancel')}</button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

const POLL_MS = 1000;

/** randomUUID exists only in secure contexts; a plain-http address on a LAN still gets a key unlikely to repeat. */
const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A campaign's live progress: a progress bar and a polite status line, polled until nothing is pending. */
export function Progress({ id }: { id: string }) {
  const { say } = usePanel();
  const [progress, setProgress] = useState<CampaignProgress | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const reply = await request<CampaignProgress>('GET', `/api/admin/campaigns/${encodeURIComponent(id)}`);
      if (!live) return;
      if (reply.ok && reply.data) setProgress(reply.data);
      // A failed poll (a restart, say) is simply tried again.
      if (!reply.ok || !reply.data || reply.data.pending > 0) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => { live = false; clearTimeout(timer); };
  }, [id]);

  const done = progress ? progress.total - progress.pending : 0;
  const finished = progress !== null && progress.pending === 0;
  return (
    <div className="admin-progress">
      <progress aria-label={say('adminPanel.email.progress')} max={Math.max(progress?.total ?? 1, 1)}
        value={progress ? (progress.total === 0 ? 1 : done) : undefined} />
      <p role="status" aria-live="polite">
        {progress ? `${say('adminPanel.email.progressText', { ...progress })} ${finished ? say('adminPanel.email.done') : ''}` : say('adminPanel.loading')}
      </p>
    </div>
  );
}
