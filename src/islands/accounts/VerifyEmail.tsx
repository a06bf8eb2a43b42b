import { useEffect, useState } from 'react';
import { loadProfile } from '../../stores/session.ts';
import { messageOf, postJson, REDIRECT_MS } from './api.ts';
import type { Messages } from './messages.ts';

export const VERIFY_MESSAGES = ['verify.verifying', 'verify.backToLogin', 'accounts.verifyFailed'] as const;

type Props = { token: string; m: Messages<(typeof VERIFY_MESSAGES)[number]> };
type State = { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

/**
 * Verifying → success (signed in by the answer's cookie, profile fetched, /welcome in 3 s) or error with a link to login.
 * The POST happens here rather than on page load, so mail scanners that open links do not spend them.
 */
export default function VerifyEmail({ token, m }: Props) {
  const [state, setState] = useState<State>({ status: 'verifying' });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      const { status, data } = await postJson('/verify-email', { token });
      if (status === 200 && typeof data?.['token'] === 'string') {
        await loadProfile();
        setState({ status: 'success', message: messageOf(data) ?? '' });
        timer = setTimeout(() => window.location.assign('/welcome'), REDIRECT_MS);
      } else {
        setState({ status: 'error', message: messageOf(data) ?? m['accounts.verifyFailed'] });
      }
    })();
    return () => clearTimeout(timer);
  }, [token, m]);

  if (state.status === 'verifying') return <p role="status" aria-busy="true">{m['verify.verifying']}</p>;
  if (state.status === 'success') return <p role="status" className="form-message success">{state.message}</p>;
  return (
    <div role="alert">
      <p className="form-message error">{state.message}</p>
      <p><a href="/zaloguj-sie">{m['verify.backToLogin']}</a></p>
    </div>
  );
}
