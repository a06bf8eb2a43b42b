import { useState, type FormEvent } from 'react';
import Dialog from '../shared/Dialog.tsx';
import { request } from './api.ts';
import { TextField } from './fields.tsx';
import { fromWarsawInput } from './format.ts';
import { usePanel } from './messages.ts';
import { issueAt, issuesOf } from './product-draft.ts';
import { useHydrated } from '../shared/useHydrated.ts';

type Props = { productKey: string; title: string; onDone: () => void; onClose: () => void };

/**
 * "Duplicate as a new edition": the admin gives the new start; the copy is made hidden, without links or buyers,
 * for the admin to check and publish. A refusal (no start, a start in the past) shows beside the box.
 */
export default function EditionDialog({ productKey, title, onDone, onClose }: Props) {
  const hydrated = useHydrated();
  const { say } = usePanel();
  const [startsAt, setStartsAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const heading = say('adminPanel.catalogue.duplicateNamed', { title });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const reply = await request('POST', `/api/admin/products/${encodeURIComponent(productKey)}/editions`, { startsAt: fromWarsawInput(startsAt) });
    setBusy(false);
    if (reply.ok) onDone();
    else setError(issueAt(issuesOf(reply.body), 'startsAt') ?? reply.message ?? say('adminPanel.catalogue.saveFailed'));
  }

  return (
    <Dialog open onClose={onClose} label={heading} closeLabel={say('adminPanel.close')} className="admin-dialog">
      <h2 className="admin-dialog__title">{heading}</h2>
      <form className="admin-form admin-editor" noValidate onSubmit={submit}>
        <TextField id="edition-starts" type="datetime-local" label={say('adminPanel.catalogue.editionStart')} value={startsAt} onChange={setStartsAt} error={error} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={!hydrated || busy}>{say('adminPanel.catalogue.duplicateSubmit')}</button>
          <button type="button" className="button button--quiet" onClick={onClose}>{say('adminPanel.cancel')}</button>
        </div>
      </form>
    </Dialog>
  );
}
