import { useState, type FormEvent } from 'react';
import { useHydrated } from '../shared/useHydrated.ts';

type Labels = { name: string; email: string; message: string; send: string; sending: string; sent: string };
type Props = { labels: Labels; idPrefix: string };

/** Name, e-mail, message (all required): idle → sending → sent. A failure is only logged (spec 8). */
export default function ContactForm({ labels, idPrefix }: Props) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setState('sending');
    try {
      const res = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromName: form.get('fromName'), email: form.get('email'), message: form.get('message') }),
      });
      if (!res.ok) throw new Error(`contact answered ${res.status}`);
      setState('sent');
    } catch (error) {
      console.warn('contact message not sent', error);
      setState('idle');
    }
  };
  if (state === 'sent') {
    return <p className="contact-sent" role="status"><span className="checkmark" aria-hidden="true">✓</span> {labels.sent}</p>;
  }
  return (
    <form className="contact-form" method="post" onSubmit={onSubmit} aria-busy={state === 'sending'}>
      <label htmlFor={`${idPrefix}-name`}>{labels.name}</label>
      <input id={`${idPrefix}-name`} name="fromName" required autoComplete="name" maxLength={200} />
      <label htmlFor={`${idPrefix}-email`}>{labels.email}</label>
      <input id={`${idPrefix}-email`} name="email" type="email" required autoComplete="email" maxLength={320} />
      <label htmlFor={`${idPrefix}-message`}>{labels.message}</label>
      <textarea id={`${idPrefix}-message`} name="message" required rows={5} maxLength={5000} />
      <button className="button" type="submit" disabled={!hydrated || state === 'sending'}>
        {state === 'sending' ? <><span className="spinner" aria-hidden="true" /> {labels.sending}</> : labels.send}
      </button>
    </form>
  );
}
