import { useState } from 'react';
import { minorText, parseMinor } from '../../../modules/shared/text/index.ts';
import { FieldError } from './fields.tsx';

type Props = { id: string; label: string; lang: 'pl' | 'en'; value: number; onChange: (amountMinor: number) => void; error?: string | undefined };

/** An amount in minor units as the admin reads it: "2290", "1800,50" (Polish) or "1800.50" (English); empty for none. */
export function amountText(amountMinor: number, lang: 'pl' | 'en'): string {
  if (!Number.isSafeInteger(amountMinor)) return '';
  const text = amountMinor % 100 === 0 ? minorText(amountMinor).slice(0, -3) : minorText(amountMinor);
  return lang === 'pl' ? text.replace('.', ',') : text;
}

/**
 * A price box: the admin types an amount as they write one ("1 800,50", "1800.5", "2 200"), the draft holds it as an
 * integer of minor units (parseMinor), and the server gets that integer. What is typed stays as typed while it is
 * edited; a text that is no amount is NaN in the draft, which the server refuses with its message beside the box.
 */
export default function MoneyField({ id, label, lang, value, onChange, error }: Props) {
  const [text, setText] = useState(() => amountText(value, lang));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" inputMode="decimal" autoComplete="off" value={text}
        onChange={(e) => { setText(e.target.value); onChange(parseMinor(e.target.value) ?? Number.NaN); }}
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})} />
      <FieldError id={id} error={error} />
    </div>
  );
}
