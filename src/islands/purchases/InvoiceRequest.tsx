import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { InvoiceSummary } from '../../../modules/invoicing/index.ts';
import { fillTemplate } from '../../../modules/shared/text/index.ts';
import InvoiceFields from './InvoiceFields.tsx';
import { blankDraft, bodyOf, invoiceIssuesOf, nipMessage, withoutIssue, type InvoiceDraft, type InvoiceIssues, type InvoiceLabels } from './invoice-form.ts';
import { useHydrated } from '../shared/useHydrated.ts';

type Props = {
  purchaseId: string;
  labels: InvoiceLabels;
  /** "Faktura {number}": the download link's text once issued; "Faktura w przygotowaniu" while it is not yet. */
  documentLabel: string;
  pendingLabel: string;
};

/**
 * "Poproś o fakturę" beside a paid purchase still within the three months (the page decides whether it shows): the
 * same fields as at checkout. The invoice is issued at once, so a success shows its download link in place.
 */
export default function InvoiceRequest({ purchaseId, labels, documentLabel, pendingLabel }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<InvoiceDraft>(blankDraft);
  const [issues, setIssues] = useState<InvoiceIssues>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<InvoiceSummary | 'pending' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLAnchorElement & HTMLParagraphElement>(null);
  useEffect(() => { formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(); }, [issues]);
  useEffect(() => { if (open) formRef.current?.querySelector<HTMLElement>('input')?.focus(); }, [open]);
  useEffect(() => { if (done) resultRef.current?.focus(); }, [done]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nip = nipMessage(draft.nip, true, labels);
    if (nip) { setIssues({ nip }); return; }
    setBusy(true);
    setNote(null);
    try {
      const res = await fetch(`/api/user/purchases/${encodeURIComponent(purchaseId)}/invoice`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, credentials: 'same-origin', body: JSON.stringify(bodyOf(draft)),
      });
      const body = (await res.json().catch(() => ({}))) as { invoices?: InvoiceSummary[]; message?: string };
      if (res.ok) {
        setDone(body.invoices?.find((d) => d.purchaseId === purchaseId && d.kind === 'invoice') ?? 'pending');
        return;
      }
      const found = invoiceIssuesOf(body);
      setIssues(found);
      setNote(Object.keys(found).length > 1 ? labels.fixFields : body.message ?? labels.failed);
    } catch {
      setNote(labels.failed);
    }
    setBusy(false);
  }

  if (done === 'pending') return <p className="invoice-docs__pending" tabIndex={-1} ref={resultRef}>{pendingLabel}</p>;
  if (done) {
    return <a className="invoice-docs__link" href={`/api/invoices/${encodeURIComponent(done.invoiceId)}/pdf`} download ref={resultRef}>
      {fillTemplate(documentLabel, { number: done.number })}</a>;
  }
  if (!open) return <button type="button" className="button button--small invoice-docs__ask" onClick={() => setOpen(true)}>{labels.request}</button>;
  return (
    <form className="invoice-request" noValidate onSubmit={submit} ref={formRef} aria-label={labels.request}>
      <InvoiceFields idPrefix={`invoice-${purchaseId}`} draft={draft} labels={labels} issues={issues}
        onChange={(next, field) => { setDraft(next); setIssues((before) => withoutIssue(before, field)); }} />
      {note && <p className="status status--error" role="alert">{note}</p>}
      <div className="invoice-request__actions">
        <button type="submit" className="button" disabled={!hydrated || busy}>{busy ? labels.sending : labels.send}</button>
        <button type="button" className="linklike" onClick={() => { setOpen(false); setIssues({}); setNote(null); }}>{labels.cancel}</button>
      </div>
    </form>
  );
}
