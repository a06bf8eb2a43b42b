import type { InputHTMLAttributes, Ref } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string; label: string; error?: string | null | undefined; inputRef?: Ref<HTMLInputElement>;
  /** Invalid because of a message shown elsewhere once for several fields (its element's id): no text of its own. */
  invalidBy?: string | null | undefined;
};

/** A labelled input whose error text is tied to it (aria-describedby) and marks it invalid for screen readers. */
export function Field({ id, label, error, inputRef, invalidBy, ...input }: Props) {
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : invalidBy ?? undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} ref={inputRef} aria-invalid={describedBy ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? <p id={errorId} className="field-error">{error}</p> : null}
    </div>
  );
}
