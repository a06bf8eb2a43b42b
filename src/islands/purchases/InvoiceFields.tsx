import { useState } from 'react';
import { Field } from '../accounts/Field.tsx';
import { nipMessage, type InvoiceDraft, type InvoiceField, type InvoiceIssues, type InvoiceLabels } from './invoice-form.ts';

type Props = {
  /** Unique on the page: My Recordings shows one form per purchase. */
  idPrefix: string;
  draft: InvoiceDraft;
  onChange: (draft: InvoiceDraft, field: InvoiceField) => void;
  labels: InvoiceLabels;
  /** The server's messages by field; a field edited since is the caller's to clear. */
  issues: InvoiceIssues;
};

/**
 * The buyer on the invoice: a company or full name, a NIP (optional: a consumer leaves it empty) checked as it is
 * typed, and the address. Every message sits beside its field, tied to it for screen readers.
 */
export default function InvoiceFields({ idPrefix, draft, onChange, labels, issues }: Props) {
  const [nipLeft, setNipLeft] = useState(false);
  const id = (field: string) => `${idPrefix}-${field}`;
  const setAddress = (key: keyof InvoiceDraft['address']) => (value: string) =>
    onChange({ ...draft, address: { ...draft.address, [key]: value } }, `address.${key}`);
  const nipLocal = nipMessage(draft.nip, nipLeft, labels);
  const hintId = id('nip-hint');
  const nipError = nipLocal ?? issues.nip ?? null;
  return (
    <fieldset className="invoice-fields">
      <legend>{labels.legend}</legend>
      <Field id={id('name')} label={labels.name} value={draft.name} autoComplete="organization" maxLength={300} error={issues.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value }, 'name')} />
      <div className="field">
        <label htmlFor={id('nip')}>{labels.nip}</label>
        <input id={id('nip')} name={id('nip')} value={draft.nip} inputMode="numeric" maxLength={20} autoComplete="off"
          aria-invalid={nipError ? true : undefined} aria-describedby={nipError ? `${id('nip')}-error ${hintId}` : hintId}
          onChange={(e) => { setNipLeft(false); onChange({ ...draft, nip: e.target.value }, 'nip'); }} onBlur={() => setNipLeft(true)} />
        <p id={hintId} className="field-hint">{labels.nipHint}</p>
        {nipError ? <p id={`${id('nip')}-error`} className="field-error" role="alert">{nipError}</p> : null}
      </div>
      <Field id={id('street')} label={labels.street} value={draft.address.street} autoComplete="street-address" maxLength={200}
        error={issues['address.street']} onChange={(e) => setAddress('street')(e.target.value)} />
      <div className="invoice-fields__row">
        <Field id={id('postal-code')} label={labels.postalCode} value={draft.address.postalCode} autoComplete="postal-code" maxLength={20}
          error={issues['address.postalCode']} onChange={(e) => setAddress('postalCode')(e.target.value)} />
        <Field id={id('city')} label={labels.city} value={draft.address.city} autoComplete="address-level2" maxLength={100}
          error={issues['address.city']} onChange={(e) => setAddress('city')(e.target.value)} />
      </div>
      <Field id={id('country')} label={labels.country} value={draft.address.country} autoComplete="country" maxLength={2}
        error={issues['address.country']} onChange={(e) => setAddress('country')(e.target.value.toUpperCase())} />
    </fieldset>
  );
}
