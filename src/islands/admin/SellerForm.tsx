import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { InvoicingReadiness, SellerSettings } from '../../../modules/invoicing/index.ts';
import { request } from './api.ts';
import { TextField } from './fields.tsx';
import { usePanel, type PanelKey } from './messages.ts';
import { issueAt, issuesOf, type FieldIssues } from './product-draft.ts';
import { NoteLine, type Note } from './ui.tsx';
import VatChoice from './VatChoice.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

type Props = { initial: SellerSettings; onSaved: (readiness: InvoicingReadiness) => void };
type Word = PanelKey extends infer K ? (K extends `adminPanel.invoicing.${infer W}` ? W : never) : never;

/**
 * The seller printed on every invoice. The server decides what is valid: on a refusal each field it names shows its
 * own message beside it (a NIP or account number with a wrong check digit, a postal code), focus on the first one.
 */
export default function SellerForm({ initial, onSaved }: Props) {
  const hydrated = useHydrated();
  const { say } = usePanel();
  const w = (word: Word) => say(`adminPanel.invoicing.${word}`);
  const [draft, setDraft] = useState<SellerSettings>(initial);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [issues, setIssues] = useState<FieldIssues>({});
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => { formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(); }, [issues]);
  const at = (path: string) => issueAt(issues, path);
  const set = <K extends keyof SellerSettings>(key: K) => (value: SellerSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setAddress = (key: keyof SellerSettings['address']) => (value: string) => setDraft((d) => ({ ...d, address: { ...d.address, [key]: value } }));
  const setSeries = (key: keyof SellerSettings['series']) => (value: string) => setDraft((d) => ({ ...d, series: { ...d.series, [key]: value } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    const reply = await request<{ settings: SellerSettings; readiness: InvoicingReadiness }>('PUT', '/api/admin/invoicing/seller', draft);
    setBusy(false);
    if (reply.ok && reply.data) {
      setIssues({});
      setDraft(reply.data.settings);
      setNote({ kind: 'ok', text: w('saved') });
      onSaved(reply.data.readiness);
      return;
    }
    const found = issuesOf(reply.body);
    setIssues(found);
    setNote({ kind: 'error', text: Object.keys(found).length > 1 ? w('fixFields') : reply.message ?? w('saveFailed') });
  }

  return (
    <form className="admin-editor" noValidate onSubmit={submit} ref={formRef}>
      <fieldset>
        <legend>{w('seller')}</legend>
        <TextField id="seller-name" label={w('name')} value={draft.name} onChange={set('name')} error={at('name')} />
        <div className="admin-grid">
          <TextField id="seller-street" label={w('street')} value={draft.address.street} onChange={setAddress('street')} error={at('address.street')} />
          <TextField id="seller-postal-code" label={w('postalCode')} value={draft.address.postalCode} onChange={setAddress('postalCode')} error={at('address.postalCode')} />
          <TextField id="seller-city" label={w('city')} value={draft.address.city} onChange={setAddress('city')} error={at('address.city')} />
          <TextField id="seller-country" label={w('country')} value={draft.address.country} onChange={setAddress('country')} error={at('address.country')} />
        </div>
        <div className="admin-grid">
          <TextField id="seller-nip" label={w('nip')} value={draft.nip} onChange={set('nip')} error={at('nip')} />
          <TextField id="seller-bank-account" label={w('bankAccount')} value={draft.bankAccount} onChange={set('bankAccount')} error={at('bankAccount')} />
          <TextField id="seller-place" label={w('placeOfIssue')} value={draft.placeOfIssue} onChange={set('placeOfIssue')} error={at('placeOfIssue')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{w('series')}</legend>
        <div className="admin-grid">
          <TextField id="seller-series-invoice" label={w('invoicePrefix')} value={draft.series.invoice} onChange={setSeries('invoice')} error={at('series.invoice')} />
          <TextField id="seller-series-correction" label={w('correctionPrefix')} value={draft.series.correction} onChange={setSeries('correction')} error={at('series.correction')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{w('defaultVat')}</legend>
        <VatChoice id="seller-default-vat" label={w('vat')} value={draft.defaultVat} onChange={(v) => v && set('defaultVat')(v)}
          error={at('defaultVat.kind') ?? at('defaultVat.rate') ?? (at('defaultVat.basis') ? undefined : at('defaultVat'))} basisError={at('defaultVat.basis')} />
      </fieldset>
      <NoteLine note={note} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={!hydrated || busy}>{busy ? w('saving') : w('save')}</button>
      </div>
    </form>
  );
}
