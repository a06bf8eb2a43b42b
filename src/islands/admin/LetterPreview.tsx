import { useEffect, useRef, useState } from 'react';
import { request } from './api.ts';
import { usePanel } from './messages.ts';

type Letter = { subject: string; body: string };
type Rendered = { subject: string; text: string; html: string };

/**
 * Before a mass e-mail goes out: "Preview" shows it as a recipient will read it (rendered by the server with the
 * real mail's template, in a sandboxed frame: no scripts, no same origin), in either language; "Send a test to me"
 * mails it to the signed-in admin alone. Neither starts the campaign.
 */
export function LetterTools({ letter }: { letter: Letter }) {
  const { say, lang } = usePanel();
  const [language, setLanguage] = useState<'pl' | 'en'>(lang);
  const [preview, setPreview] = useState<Rendered | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (preview) heading.current?.focus(); }, [preview]);

  async function show(next = language) {
    setBusy(true);
    const reply = await request<Rendered>('POST', '/api/admin/campaigns/preview', { ...letter, language: next });
    setBusy(false);
    if (reply.ok && reply.data) { setPreview(reply.data); setStatus(null); } else setStatus({ kind: 'error', text: reply.message ?? say('campaigns.failed') });
  }
  async function test() {
    setBusy(true);
    const reply = await request<{ message: string }>('POST', '/api/admin/campaigns/test', letter);
    setBusy(false);
    setStatus(reply.ok && reply.data ? { kind: 'ok', text: reply.data.message } : { kind: 'error', text: reply.message ?? say('campaigns.failed') });
  }

  return (
    <div className="admin-letter-tools">
      <div className="admin-actions">
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => show()}>{say('adminPanel.email.preview')}</button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={test}>{say('adminPanel.email.testToMe')}</button>
      </div>
      <p className={`admin-note ${status?.kind === 'error' ? 'status--error' : ''}`} role={status?.kind === 'error' ? 'alert' : 'status'}>{status?.text ?? ''}</p>
      {preview && (
        <section className="admin-mail" aria-labelledby="letter-preview-title">
          <h3 id="letter-preview-title" ref={heading} tabIndex={-1}>{say('adminPanel.email.previewTitle')}</h3>
          <div className="field">
            <label htmlFor="letter-preview-language">{say('adminPanel.email.previewLanguage')}</label>
            <select id="letter-preview-language" value={language}
              onChange={(e) => { const next = e.target.value === 'en' ? 'en' : 'pl'; setLanguage(next); void show(next); }}>
              <option value="pl">{say('adminPanel.catalogue.polish')}</option>
              <option value="en">{say('adminPanel.catalogue.english')}</option>
            </select>
          </div>
          <p><strong>{say('adminPanel.mailbox.subject')}:</strong> {preview.subject}</p>
          <iframe className="admin-mail-html" title={say('adminPanel.email.previewTitle')} sandbox="" srcDoc={preview.html} />
        </section>
      )}
    </div>
  );
}
