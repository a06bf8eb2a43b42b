import { useState, type FormEvent } from 'react';
import { formatMinor } from '../../../modules/shared/text/index.ts';
import Dialog from '../shared/Dialog.tsx';
import { request } from './api.ts';
import { TextField } from './fields.tsx';
import { usePanel } from './messages.ts';
import type { Attendee } from './types.ts';
import { useHydrated } from '../shared/useHydrated.ts';

type Props = { attendee: Attendee; onRefunded: (pending: boolean) => void; onClose: () => void };

/** Minor units from what the admin typed ("120", "120,50", "120.5"); null when it is not an amount. */
function toMinor(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * Refunds a paid purchase, all that is left or a part, with a reason and whether access ends (a full refund always
 * ends it); a confirmation naming the amount and the buyer comes before any money moves. The refund id is made once
 * per dialog, so a double click or a retry after a lost answer is one refund on the server.
 */
export default function RefundDialog({ attendee, onRefunded, onClose }: Props) {
  const hydrated = useHydrated();
  const { say, lang } = usePanel();
  const leftMinor = Math.round((attendee.amount - attendee.refundedAmount - attendee.refundPendingAmount) * 100);
  const [refundId] = useState(() => crypto.randomUUID());
  const [full, setFull] = useState(true);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [revoke, setRevoke] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = (minor: number) => formatMinor(minor, attendee.currency, lang, 'ledger');

  function ask(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const minor = full ? leftMinor : toMinor(amount);
    if (minor === null || minor <= 0) return setError(say('refund.invalidAmount'));
    if (minor > leftMinor) return setError(say('refund.exceedsPaid'));
    if (reason.trim() === '') return setError(say('refund.reasonMissing'));
    setConfirming(minor);
  }

  async function refund(minor: number) {
    setBusy(true);
    const reply = await request<{ status: 'completed' | 'pending' }>('POST', `/api/admin/purchases/${encodeURIComponent(attendee.purchaseId)}/refunds`,
      { amountMinor: minor, reason: reason.trim(), revokeAccess: revoke, refundId });
    setBusy(false);
    if (reply.ok) return onRefunded(reply.data?.status === 'pending');
    setConfirming(null);
    setError(reply.message ?? say('admin.loadFailed'));
  }

  const title = say('admin.refund.title', { name: attendee.name });
  return (
    <Dialog open onClose={onClose} label={title} closeLabel={say('adminPanel.close')} className="admin-dialog">
      <h2 className="admin-dialog__title">{title}</h2>
      {confirming !== null ? (
        <>
          <p>{say('admin.refund.confirm', { amount: money(confirming), name: attendee.name })}</p>
          <p className="admin-hint">{reason.trim()}</p>
          <div className="admin-actions">
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void refund(confirming)}>{say('admin.refund.submit')}</button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(null)}>{say('admin.refund.cancel')}</button>
          </div>
        </>
      ) : (
        <form onSubmit={ask} noValidate>
          <fieldset className="field">
            <legend className="visually-hidden">{say('admin.refund.amount', { currency: attendee.currency })}</legend>
            <label><input type="radio" name="refund-kind" checked={full} onChange={() => setFull(true)} /> {say('admin.refund.full', { amount: money(leftMinor) })}</label>
            <label><input type="radio" name="refund-kind" checked={!full} onChange={() => setFull(false)} /> {say('admin.refund.partial')}</label>
          </fieldset>
          {!full && <TextField id="refund-amount" label={say('admin.refund.amount', { currency: attendee.currency })} value={amount} onChange={setAmount} />}
          <TextField id="refund-reason" long label={say('admin.refund.reason')} value={reason} onChange={setReason} />
          {!full && <label className="field"><input type="checkbox" checked={revoke} onChange={(e) => setRevoke(e.target.checked)} /> {say('admin.refund.revoke')}</label>}
          {error && <p className="status status--error" role="alert">{error}</p>}
          <div className="admin-actions">
            <button type="submit" disabled={!hydrated} className="button">{say('admin.refund.open')}</button>
            <button type="button" className="button button--quiet" onClick={onClose}>{say('admin.refund.cancel')}</button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
