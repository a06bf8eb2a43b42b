import type { ReactNode } from 'react';
import type { Bilingual } from '../../../modules/catalogue/index.ts';
import { usePanel } from './messages.ts';

type TextProps = { id: string; label: string; value: string; onChange: (value: string) => void; long?: boolean; type?: string };

/** One labelled input (or textarea when `long`). */
export function TextField({ id, label, value, onChange, long, type = 'text' }: TextProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {long
        ? <textarea id={id} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
        : <input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} />}
    </div>
  );
}

/** A whole number box; an empty box is NaN, which the server refuses with its message. */
export function NumberField({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (value: number) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" inputMode="numeric" step={1} min={1} value={Number.isNaN(value) ? '' : value}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))} />
    </div>
  );
}

export function CheckField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="admin-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
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

/** A text in both languages: Polish left, English right; each box's name says its language. */
export function BilingualField({ id, label, value, onChange, long }: { id: string; label: string; value: Bilingual; onChange: (value: Bilingual) => void; long?: boolean }) {
  const { say } = usePanel();
  return (
    <div className="admin-bilingual">
      <TextField id={`${id}-pl`} label={`${label} (${say('adminPanel.catalogue.polish')})`} value={value.pl} long={long ?? false}
        onChange={(pl) => onChange({ ...value, pl })} />
      <TextField id={`${id}-en`} label={`${label} (${say('adminPanel.catalogue.english')})`} value={value.en} long={long ?? false}
        onChange={(en) => onChange({ ...value, en })} />
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
