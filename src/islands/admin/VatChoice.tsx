import { useState } from 'react';
import type { VatRate, VatTreatment } from '../../../modules/invoicing/index.ts';
import { FieldError, TextField } from './fields.tsx';
import { usePanel } from './messages.ts';

type Props = {
  id: string;
  label: string;
  value: VatTreatment | null;
  onChange: (value: VatTreatment | null) => void;
  /** What "no treatment of its own" means here (the seller's default, named); absent where a treatment is required. */
  defaultLabel?: string;
  error?: string | undefined;
  basisError?: string | undefined;
};

const choiceOf = (value: VatTreatment | null): string => (value === null ? 'default' : value.kind === 'exempt' ? 'exempt' : String(value.rate));

/** A VAT treatment: one of the rates, or exempt with its legal basis typed beside it (kept when switching back and forth). */
export default function VatChoice({ id, label, value, onChange, defaultLabel, error, basisError }: Props) {
  const { say, vatRates } = usePanel();
  const [basis, setBasis] = useState(value?.kind === 'exempt' ? value.basis : '');
  const choose = (choice: string) => {
    if (choice === 'default') onChange(null);
    else if (choice === 'exempt') onChange({ kind: 'exempt', basis });
    else onChange({ kind: 'rate', rate: Number(choice) as VatRate });
  };
  return (
    <div className="field-group">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} value={choiceOf(value)} onChange={(e) => choose(e.target.value)}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}>
          {defaultLabel !== undefined && <option value="default">{defaultLabel}</option>}
          {vatRates.map((rate) => <option key={rate} value={String(rate)}>{say('adminPanel.invoicing.rate', { rate })}</option>)}
          <option value="exempt">{say('adminPanel.invoicing.exempt')}</option>
        </select>
        <FieldError id={id} error={error} />
      </div>
      {value?.kind === 'exempt' && (
        <TextField id={`${id}-basis`} label={say('adminPanel.invoicing.basis')} value={value.basis} error={basisError}
          onChange={(text) => { setBasis(text); onChange({ kind: 'exempt', basis: text }); }} />
      )}
    </div>
  );
}

/** How a treatment reads in the panel: "Stawka 23%", "Zwolniony (zw)". */
export function useVatLabel() {
  const { say } = usePanel();
  return (value: VatTreatment) => (value.kind === 'rate' ? say('adminPanel.invoicing.rate', { rate: value.rate }) : say('adminPanel.invoicing.exempt'));
}
