import { useEffect } from 'react';

type Props = { priceId: string; productKey: string; email: string; name: string; locale: 'pl' | 'en'; consents: string[]; failureMessage: string };

/**
 * The payment hand-off (spec section 4): asks the server for a checkout session and sends the browser
 * to it; on failure alerts and goes back one page: the spec's message, or the server's own when it says why the
 * buyer should wait (payments unavailable, 503; too many attempts, 429) or what is missing (a consent the purchase
 * needs, 400), already in the buyer's language.
 */
export default function PaymentHandoff({ priceId, productKey, email, name, locale, consents, failureMessage }: Props) {
  // Compared as one string, so a new array of the same kinds on a re-render starts no second checkout.
  const given = consents.join(',');
  useEffect(() => {
    let cancelled = false;
    let message = failureMessage;
    (async () => {
      try {
        const res = await fetch('/create-checkout-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ priceId, video: { key: productKey }, email, name, locale, consents: given === '' ? [] : given.split(',') }),
        });
        const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
        if ((res.status === 503 || res.status === 429 || res.status === 400) && body.message) message = body.message;
        if (!res.ok || !body.url) throw new Error(message);
        if (!cancelled) window.location.assign(body.url);
      } catch {
        if (cancelled) return;
        window.alert(message);
        window.history.back();
      }
    })();
    return () => { cancelled = true; };
  }, [priceId, productKey, email, name, locale, given, failureMessage]);
  return null;
}
