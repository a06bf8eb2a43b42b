import { useRef, useState, type FormEvent } from 'react';
import { isEmailAddress } from '../../../modules/shared/text/index.ts';
import { messageOf, postJson } from './api.ts';
import { Field } from './Field.tsx';
import type { Messages } from './messages.ts';
import { useHydrated } from '../shared/useHydrated.ts';

export const FORGOT_MESSAGES = ['forgot.email', 'forgot.submit', 'forgot.submitting', 'accounts.emailRequired', 'accounts.invalidEmail', 'accounts.forgotFailed'] as const;

type Props = { m: Messages<(typeof FORGOT_MESSAGES)[number]>; lang: 'pl' | 'en' };

/** Forgot password: on success the server's message replaces the form; on failure a generic error shows. */
export default function ForgotPasswordForm({ m, lang }: Props) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = email.trim() === '' ? m['accounts.emailRequired'] : isEmailAddress(email) ? null : m['accounts.invalidEmail'];
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSending(true);
    setFailed(false);
    const { status, data } = await postJson('/forgot-password', { email, language: lang });
    setSending(false);
    const message = messageOf(data);
    if (status === 200 && message) setDone(message);
    else setFailed(true);
  }

  if (done) return <p role="status" className="form-message success">{done}</p>;
  return (
    <form className="account-form" method="post" noValidate onSubmit={submit}>
      <Field id="email" label={m['forgot.email']} type="email" autoComplete="email" required value={email} inputRef={input}
        onChange={(e) => setEmail(e.target.value)} error={fieldError} />
      <button type="submit" className="button" disabled={!hydrated || sending}>{sending ? m['forgot.submitting'] : m['forgot.submit']}</button>
      <p role="alert" className="form-message error">{failed ? m['accounts.forgotFailed'] : ''}</p>
    </form>
  );
}
