import { useRef, useState, type FormEvent } from 'react';
import { isEmailAddress } from '../../../modules/shared/text/index.ts';
import { messageOf, postJson } from './api.ts';
import { Field } from './Field.tsx';
import type { Messages } from './messages.ts';
import { useFlash } from './useFlash.ts';
import { useHydrated } from '../shared/useHydrated.ts';

export const REGISTER_MESSAGES = [
  'register.name', 'register.email', 'register.password', 'register.repeat', 'register.phone', 'register.termsBefore',
  'register.termsLink', 'register.submit', 'register.submitting', 'accounts.fillAllFields', 'accounts.acceptTerms',
  'accounts.registerPasswordsMismatch', 'accounts.passwordTooShort', 'accounts.invalidEmail', 'accounts.registerFailed', 'accounts.registered',
  'terms.title', 'terms.close', 'terms.account', 'terms.access', 'terms.privacy', 'terms.full',
] as const;

/** `minPassword`: the server's rule (MIN_PASSWORD_LENGTH), handed down by the page so it is written once. */
type Props = { m: Messages<(typeof REGISTER_MESSAGES)[number]>; lang: 'pl' | 'en'; minPassword: number };
type Name = 'name' | 'email' | 'password' | 'repeat' | 'phone' | 'terms';
const ORDER: Name[] = ['name', 'email', 'password', 'repeat', 'phone', 'terms'];
/** The one line every message of the form shows in. */
const MESSAGE_ID = 'register-message';

/**
 * Registration: idle → submitting → success (201: the verification-link message, the form emptied) or error. Every
 * message shows once, in the form's message line, for 2 seconds (spec 8); the fields it is about are marked invalid
 * and point to it, and the first of them takes the focus.
 */
export default function RegisterForm({ m, lang, minPassword }: Props) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ name: '', email: '', password: '', repeat: '', phone: '' });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [flash, show] = useFlash();
  const refs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const dialog = useRef<HTMLDialogElement>(null);

  /** The spec's checks, in its order: all fields, terms, then matching passwords; then the reset page's length rule. */
  function validate(): Partial<Record<Name, string>> {
    const empty = (['name', 'email', 'password', 'phone'] as const).filter((k) => values[k].trim() === '');
    if (empty.length > 0) return Object.fromEntries(empty.map((k) => [k, m['accounts.fillAllFields']]));
    if (!isEmailAddress(values.email)) return { email: m['accounts.invalidEmail'] };
    if (!terms) return { terms: m['accounts.acceptTerms'] };
    if (values.password !== values.repeat) return { repeat: m['accounts.registerPasswordsMismatch'] };
    if (values.password.length < minPassword) return { password: m['accounts.passwordTooShort'] };
    return {};
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const first = ORDER.find((k) => found[k]);
    if (first) {
      refs.current[first]?.focus();
      show(found[first]!);
      return;
    }
    setSubmitting(true);
    const { status, data } = await postJson('/register', { ...values, language: lang });
    setSubmitting(false);
    if (status === 201) {
      setValues({ name: '', email: '', password: '', repeat: '', phone: '' });
      setTerms(false);
      show(messageOf(data) ?? m['accounts.registered'], 'success');
    } else show(messageOf(data) ?? m['accounts.registerFailed']);
  }

  const field = (name: Exclude<Name, 'terms'>, type: string, autoComplete: string) => (
    <Field id={name} label={m[`register.${name}`]} type={type} autoComplete={autoComplete} value={values[name]} required
      inputRef={(el) => { refs.current[name] = el; }} invalidBy={errors[name] ? MESSAGE_ID : null}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
  );

  return (
    <form className="account-form" method="post" noValidate onSubmit={submit}>
      {field('name', 'text', 'name')}
      {field('email', 'email', 'email')}
      {field('password', 'password', 'new-password')}
      {field('repeat', 'password', 'new-password')}
      {field('phone', 'tel', 'tel')}
      <div className="field checkbox">
        <input id="terms" type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} ref={(el) => { refs.current.terms = el; }}
          aria-labelledby="terms-label terms-open" aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? MESSAGE_ID : undefined} />
        <label id="terms-label" htmlFor="terms">{m['register.termsBefore']} </label>
        <button id="terms-open" type="button" className="link-button" onClick={() => dialog.current?.showModal()}>{m['register.termsLink']}</button>
      </div>
      <button type="submit" className="button" disabled={!hydrated || submitting}>{submitting ? m['register.submitting'] : m['register.submit']}</button>
      <p id={MESSAGE_ID} role="alert" className={`form-message ${flash?.kind ?? ''}`}>{flash?.text ?? ''}</p>
      <dialog ref={dialog} className="terms-dialog" aria-labelledby="terms-title">
        <h2 id="terms-title">{m['terms.title']}</h2>
        <p>{m['terms.account']}</p>
        <p>{m['terms.access']}</p>
        <p>{m['terms.privacy']}</p>
        <p><a href="/regulamin" target="_blank" rel="noopener">{m['terms.full']}</a></p>
        <button type="button" className="button" onClick={() => dialog.current?.close()}>{m['terms.close']}</button>
      </dialog>
    </form>
  );
}
