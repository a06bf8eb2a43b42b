import type { ReactNode } from 'react';
import type { Bilingual } from '../../../modules/catalogue/index.ts';
import { usePanel } from './messages.ts';

type TextProps = { id: string; label: string; value: string; onChange: (value: string) => void; long?: boolean; type?: string; error?: string | undefined };

/** What is wrong with a field, beside it, and the attributes that tie it to its box (read out with the box). */
function invalid(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
export const FieldError = ({ id, error }: { id: string; error: string | undefined }) =>
  (error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null);

/** One labelled input (or textarea when `long`), with the server's message about it when it has one. */
export function TextField({ id, label, value, onChange, long, type = 'text', error }: TextProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {long
        ? <textarea id={id} rows={4} value={value} onChange={(e) => onChange(e.target.value)} {...invalid(id, error)} />
        : <input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} {...invalid(id, error)} />}
      <FieldError id={id} error={error} />
    </div>
  );
}

type NumberProps = { id: string; label: string; value: number; onChange: (value: number) => void; error?: string | undefined; step?: number; min?: number };

/** A number box (whole by default); an empty box is NaN, which the server refuses with its message. */
export function NumberField({ id, label, value, onChange, error, step = 1, min = 1 }: NumberProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" inputMode={step === 1 ? 'numeric' : 'decimal'} step={step} min={min} value={Number.isNaN(value) ? '' : value}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))} {...invalid(id, error)} />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function CheckField({ id, label, checked, onChange, error }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; error?: string | undefined }) {
  return (
    <div className="admin-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})} />
      <label htmlFor={id}>{label}</label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The two language columns' heads (spec: both languages side by side). */
export function LanguageHeads() {
  const { say } = usePanel();
  return (
    <div className="admin-bilingual" aria-hidden="true">
      <span className="admin-bilingual__head">{say('adminPanel.catalogue.polish')}</span>
      <span className="admin-bilingual__head">{say('adminPanel.catalogue.english')}</span>
    </div>
  );
}

type BilingualProps = { id: string; label: string; value: Bilingual; onChange: (value: Bilingual) => void; long?: boolean; errors?: { pl?: string | undefined; en?: string | undefined } };

/** A text in both languages: Polish left, English right; each box's name says its language. */
export function BilingualField({ id, label, value, onChange, long, errors = {} }: BilingualProps) {
  const { say } = usePanel();
  return (
    <div className="admin-bilingual">
      <TextField id={`${id}-pl`} label={`${label} (${say('adminPanel.catalogue.polish')})`} value={value.pl} long={long ?? false}
        onChange={(pl) => onChange({ ...value, pl })} error={errors.pl} />
      <TextField id={`${id}-en`} label={`${label} (${say('adminPanel.catalogue.english')})`} value={value.en} long={long ?? false}
        onChange={(en) => onChange({ ...value, en })} error={errors.en} />
    </div>
  );
}

type ListProps<T> = { id: string; legend: string; items: T[]; onChange: (items: T[]) => void; blank: () => T; item: (value: T, set: (value: T) => void, at: number) => ReactNode };

/** An editable list (what you will learn, details, teachers): each item numbered, removable, and one more at the end. */
export function ListField<T>({ id, legend, items, onChange, blank, item }: ListProps<T>) {
  const { say } = usePanel();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {items.map((value, at) => (
        <div className="admin-item" key={`${id}-${at}`}>
          <div className="admin-item__head">
            <span>{say('adminPanel.catalogue.item', { n: at + 1 })}</span>
            <button type="button" className="button button--small button--quiet" aria-label={`${say('adminPanel.catalogue.removeItem', { n: at + 1 })} (${legend})`}
              onClick={() => onChange(items.filter((_, i) => i !== at))}>{say('adminPanel.catalogue.removeItem', { n: at + 1 })}</button>
          </div>
          {item(value, (next) => onChange(items.map((v, i) => (i === at ? next : v))), at)}
        </div>
      ))}
      <div><button type="button" className="button button--small button--quiet" onClick={() => onChange([...items, blank()])}>{say('adminPanel.catalogue.addItem')}</button></div>
    </fieldset>
  );
}
