import type { InputHTMLAttributes, Ref } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | null | undefined; inputRef?: Ref<HTMLInputElement> };

/** A labelled input whose error text is tied to it (aria-describedby) and marks it invalid for screen readers. */
export function Field({ id, label, error, inputRef, ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} ref={inputRef} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error ? <p id={errorId} className="field-error">{error}</p> : null}
    </div>
  );
}
