import { useRef, useState, type FormEvent } from 'react';
import { messageOf, postJson, REDIRECT_MS } from './api.ts';
import { Field } from './Field.tsx';
import type { Messages } from './messages.ts';
import { useHydrated } from '../shared/useHydrated.ts';

export const RESET_MESSAGES = [
  'reset.new', 'reset.confirm', 'reset.submit', 'reset.submitting', 'accounts.passwordsMismatch', 'accounts.passwordTooShort', 'error.unexpected',
] as const;

/** `minPassword`: the server's rule (MIN_PASSWORD_LENGTH), handed down by the page so it is written once. */
type Props = { id: string; m: Messages<(typeof RESET_MESSAGES)[number]>; lang: 'pl' | 'en'; minPassword: number };

/** Reset password: new + confirm; after the success message, to /zaloguj-sie in 3 seconds. */
export default function ResetPasswordForm({ id, m, lang, minPassword }: Props) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = password !== repeat ? { repeat: m['accounts.passwordsMismatch'] }
      : password.length < minPassword ? { password: m['accounts.passwordTooShort'] } : {};
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.repeat) return repeatRef.current?.focus();
    setSaving(true);
    setFailure(null);
    const { status, data } = await postJson(`/reset-password/${encodeURIComponent(id)}`, { newPassword: password, repeat, language: lang });
    setSaving(false);
    if (status === 200) {
      setDone(messageOf(data) ?? '');
      setTimeout(() => window.location.assign('/zaloguj-sie'), REDIRECT_MS);
    } else {
      setFailure(messageOf(data) ?? m['error.unexpected']);
    }
  }

  if (done !== null) return <p role="status" className="form-message success">{done}</p>;
  return (
    <form className="account-form" method="post" noValidate onSubmit={submit}>
      <Field id="new-password" label={m['reset.new']} type="password" autoComplete="new-password" required value={password}
        inputRef={passwordRef} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <Field id="confirm-password" label={m['reset.confirm']} type="password" autoComplete="new-password" required value={repeat}
        inputRef={repeatRef} onChange={(e) => setRepeat(e.target.value)} error={errors.repeat} />
      <button type="submit" className="button" disabled={!hydrated || saving}>{saving ? m['reset.submitting'] : m['reset.submit']}</button>
      <p role="alert" className="form-message error">{failure ?? ''}</p>
    </form>
  );
}
