import { useEffect, useState } from 'react';

type Props = { ownedKeys: string[]; labels: { title: string; text: string; go: string } };

const RELOADED = 'gestalt:new-purchase-reloaded';

/**
 * Back from payment (`#nowy-film`): refresh the profile through verify-purchases (for a buyer who beat
 * the webhook), reload once if that brought a purchase the page does not list yet, and show the Thank You card.
 */
export default function NewPurchaseNotice({ ownedKeys, labels }: Props) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!window.location.hash.includes('nowy-film')) return;
    setVisible(true);
    (async () => {
      try {
        const res = await fetch('/api/user/verify-purchases', { method: 'POST' });
        if (!res.ok) return;
        const user = (await res.json()) as { purchasedVideos?: { key: string }[] };
        const fresh = (user.purchasedVideos ?? []).some((v) => !ownedKeys.includes(v.key));
        if (fresh && !sessionStorage.getItem(RELOADED)) {
          sessionStorage.setItem(RELOADED, '1');
          window.location.reload();
          return;
        }
        sessionStorage.removeItem(RELOADED);
      } catch (error) {
        // Spec section 8: a failed profile refresh is only logged.
        console.warn('profile refresh failed', error);
      }
    })();
  }, [ownedKeys]);
  if (!visible) return null;
  return (
    <div className="thank-you" role="status">
      <h2>{labels.title}</h2>
      <p>{labels.text}</p>
      <button type="button" className="button" onClick={() => document.getElementById('my-recordings-list')?.scrollIntoView({ behavior: 'smooth' })}>{labels.go}</button>
    </div>
  );
}
