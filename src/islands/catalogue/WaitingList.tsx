import { useState, type ReactNode } from 'react';
import { fillTemplate, formatDate } from '../../../modules/shared/text/index.ts';

/** The caller's place on the product's list, as GET /api/products/{key}/waitlist answers it. */
export type WaitlistStatus = { open: boolean; position: number | null; offer: { offerId: string; expiresAt: string } | null };
export type WaitlistLabels = {
  soldOut: string; join: string; leave: string; signIn: string; position: string; explain: string; offer: string;
  decline: string; declined: string; failed: string;
};
export type WaitlistProps = {
  /** null: nobody signed in (they get a link to sign in and come back). */
  status: WaitlistStatus | null;
  /** The sign-in page with a return to this product. */
  signInHref: string;
  labels: WaitlistLabels;
};

type Props = WaitlistProps & {
  productKey: string;
  lang: 'pl' | 'en';
  soldOut: boolean;
  /** The buy panel, shown when a seat can be bought (free, or held for this caller by an offer). */
  children: ReactNode;
};

/**
 * The waiting list on the purchase page (issue 24). Sold out: a visitor is asked to sign in, a signed-in user joins
 * the list, sees their place and can leave it. A user with an open offer gets the buy panel (their offer holds their
 * seat) with the offer's expiry and a way to give the seat up, which leaves the list and passes it on at once.
 */
export default function WaitingList({ status: initial, signInHref, labels, productKey, lang, soldOut, children }: Props) {
  const [status, setStatus] = useState(initial);
  const [declined, setDeclined] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/products/${encodeURIComponent(productKey)}/waitlist`;

  async function call(method: 'POST' | 'DELETE') {
    if (busy || !status) return;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(path, { method, headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (method === 'POST' && res.status === 201) setStatus((await res.json()) as WaitlistStatus);
      else if (method === 'DELETE' && res.status === 204) {
        if (status.offer) setDeclined(true);
        setStatus({ ...status, position: null, offer: null });
      } else setError(((await res.json().catch(() => ({}))) as { message?: string }).message ?? labels.failed);
    } catch {
      setError(labels.failed);
    }
    setBusy(false);
  }

  const problem = error && <p className="status status--error" role="alert">{error}</p>;
  if (declined) return <p className="waitlist" role="status" data-testid="offer-declined">{labels.declined}</p>;
  if (status?.offer) {
    const until = formatDate(new Date(status.offer.expiresAt), lang, 'dayTime');
    return (
      <>
        <div className="waitlist waitlist--offer" data-testid="waitlist-offer">
          <p>{fillTemplate(labels.offer, { until })}</p>
          <button type="button" className="linklike" onClick={() => void call('DELETE')} disabled={busy} data-testid="waitlist-decline">{labels.decline}</button>
          {problem}
        </div>
        {children}
      </>
    );
  }
  if (!soldOut) return <>{children}</>;
  return (
    <div className="waitlist" data-testid="waitlist">
      <p className="buy-sold-out" role="status" data-testid="sold-out">{labels.soldOut}</p>
      {!status ? <a className="button" href={signInHref} data-testid="waitlist-sign-in">{labels.signIn}</a>
        : status.position !== null ? (
          <>
            <p data-testid="waitlist-position">{fillTemplate(labels.position, { position: status.position })}</p>
            <button type="button" className="button button--quiet" onClick={() => void call('DELETE')} disabled={busy} data-testid="waitlist-leave">{labels.leave}</button>
          </>
        ) : status.open ? (
          <>
            <p className="waitlist__explain">{labels.explain}</p>
            <button type="button" className="button" onClick={() => void call('POST')} disabled={busy} data-testid="waitlist-join">{labels.join}</button>
          </>
        ) : null}
      {problem}
    </div>
  );
}
