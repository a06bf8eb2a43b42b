import { useEffect } from 'react';

type Props = { priceId: string; productKey: string; email: string; name: string; locale: 'pl' | 'en'; failureMessage: string };

/**
 * The payment hand-off (spec section 4): asks the server for a checkout session and sends the browser
 * to it; on failure alerts and goes back one page: the spec's message, or the server's own when it says why the
 * buyer should wait (payments unavailable, 503; too many attempts, 429), already in the buyer's language.
 */
export default function PaymentHandoff({ priceId, productKey, email, name, locale, failureMessage }: Props) {
  useEffect(() => {
    let cancelled = false;
    let message = failureMessage;
    (async () => {
      try {
        const res = await fetch('/create-checkout-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ priceId, video: { key: productKey }, email, name, locale }),
        });
        const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
        if ((res.status === 503 || res.status === 429) && body.message) message = body.message;
        if (!res.ok || !body.url) throw new Error(message);
        if (!cancelled) window.location.assign(body.url);
      } catch {
        if (cancelled) return;
        window.alert(message);
        window.history.back();
      }
    })();
    return () => { cancelled = true; };
  }, [priceId, productKey, email, name, locale, failureMessage]);
  return null;
}
