import { useRef, useState, type FormEvent } from 'react';
import { loadProfile } from '../../stores/session.ts';
import { messageOf, postJson } from './api.ts';
import { Field } from './Field.tsx';
import { RETURN_PARAM, returnPath } from './return-path.ts';
import type { Messages } from './messages.ts';
import { useFlash } from './useFlash.ts';
import { useHydrated } from '../shared/useHydrated.ts';

export const LOGIN_MESSAGES = [
  'login.email', 'login.password', 'login.submit', 'login.submitting', 'accounts.credentialsRequired',
  'accounts.invalidResponse', 'error.unexpected', 'accounts.resend', 'accounts.resent', 'accounts.forgotFailed',
] as const;

type Props = { m: Messages<(typeof LOGIN_MESSAGES)[number]>; lang: 'pl' | 'en' };

/**
 * Login: idle → submitting → success (profile loaded; back to `?powrot=` when it names a page of ours, else admin to
 * /admin, others to /video) or error shown 2 s.
 */
export default function LoginForm({ m, lang }: Props) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [missing, setMissing] = useState<'email' | 'password' | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const [flash, show] = useFlash();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const empty = email.trim() === '' ? 'email' : password === '' ? 'password' : null;
    setMissing(empty);
    if (empty) {
      (empty === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    setResendNote(null);
    const { status, data } = await postJson('/login', { email, password, language: lang });
    if (status === 200) {
      if (typeof data?.['token'] !== 'string') {
        setSubmitting(false);
        show(m['accounts.invalidResponse']);
        return;
      }
      const profile = await loadProfile();
      const back = returnPath(new URLSearchParams(window.location.search).get(RETURN_PARAM));
      window.location.assign(back ?? (profile?.role === 'admin' ? '/admin' : '/video'));
      return;
    }
    setSubmitting(false);
    setUnverified(data?.['unverified'] === true);
    show(messageOf(data) ?? m['error.unexpected']);
  }

  async function resend() {
    const { status, data } = await postJson('/resend-verification', { email, language: lang });
    setResendNote(status === 200 ? messageOf(data) ?? m['accounts.resent'] : messageOf(data) ?? m['accounts.forgotFailed']);
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={submit}>
      <Field id="email" label={m['login.email']} type="email" autoComplete="email" value={email} inputRef={emailRef}
        onChange={(e) => setEmail(e.target.value)} required error={missing === 'email' ? m['accounts.credentialsRequired'] : null} />
      <Field id="password" label={m['login.password']} type="password" autoComplete="current-password" value={password} inputRef={passwordRef}
        onChange={(e) => setPassword(e.target.value)} required error={missing === 'password' ? m['accounts.credentialsRequired'] : null} />
      <button type="submit" className="button" disabled={!hydrated || submitting}>{submitting ? m['login.submitting'] : m['login.submit']}</button>
      <p role="alert" className={`form-message ${flash?.kind ?? ''}`}>{flash?.text ?? ''}</p>
      {unverified ? (
        <div className="resend">
          <button type="button" className="link-button" onClick={() => void resend()}>{m['accounts.resend']}</button>
          <p role="status">{resendNote ?? ''}</p>
        </div>
      ) : null}
    </form>
  );
}
