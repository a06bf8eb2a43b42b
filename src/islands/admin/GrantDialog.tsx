import { useState, type FormEvent } from 'react';
import Dialog from '../shared/Dialog.tsx';
import { request } from './api.ts';
import { TextField } from './fields.tsx';
import { usePanel } from './messages.ts';
import { useHydrated } from '../shared/useHydrated.ts';

/** `full`: the product's capacity when every seat is taken (a grant takes one all the same, over the limit). */
type Props = { productKey: string; title: string; full: { capacity: number } | null; onGranted: () => void; onClose: () => void };

/**
 * Grants the event to a user by hand (a bank transfer, a free place): their e-mail address and a reason, then a
 * confirmation naming both before anything is recorded. The server's refusal (no such account, already has it) shows here.
 */
export default function GrantDialog({ productKey, title, full, onGranted, onClose }: Props) {
  const hydrated = useHydrated();
  const { say } = usePanel();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function ask(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (email.trim() === '' || reason.trim() === '') return setError(say('adminPanel.payments.grantMissing'));
    setConfirming(true);
  }

  async function grant() {
    setBusy(true);
    const reply = await request('POST', '/api/admin/grants', { productKey, email: email.trim(), reason: reason.trim() });
    setBusy(false);
    if (reply.ok) return onGranted();
    setConfirming(false);
    setError(reply.message ?? say('admin.loadFailed'));
  }

  return (
    <Dialog open onClose={onClose} label={say('adminPanel.payments.grantTitle')} closeLabel={say('adminPanel.close')} className="admin-dialog">
      <h2 className="admin-dialog__title">{say('adminPanel.payments.grantTitle')}</h2>
      {confirming ? (
        <>
          <p>{say('adminPanel.payments.grantConfirm', { title, email: email.trim() })}</p>
          <p className="admin-hint">{reason.trim()}</p>
          {full && <p data-testid="grant-over-capacity">{say('adminPanel.payments.grantOverCapacity', { capacity: full.capacity })}</p>}
          <div className="admin-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void grant()}>{say('adminPanel.payments.grantSubmit')}</button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>{say('adminPanel.payments.cancel')}</button>
          </div>
        </>
      ) : (
        <form onSubmit={ask} noValidate>
          <p className="admin-hint">{say('adminPanel.payments.grantHint')}</p>
          <TextField id="grant-email" type="email" label={say('adminPanel.payments.grantEmail')} value={email} onChange={setEmail} />
          <TextField id="grant-reason" long label={say('adminPanel.payments.grantReason')} value={reason} onChange={setReason} />
          {error && <p className="status status--error" role="alert">{error}</p>}
          <div className="admin-actions">
            <button type="submit" disabled={!hydrated} className="button">{say('adminPanel.payments.grant')}</button>
            <button type="button" className="button button--quiet" onClick={onClose}>{say('adminPanel.payments.cancel')}</button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
