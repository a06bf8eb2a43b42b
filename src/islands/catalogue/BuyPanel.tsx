import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { checkoutHref, closesOnDrag, CURRENCIES, currencySwitchUrl, languageOfCurrency, type Currency } from './buy.ts';
import Dialog from '../shared/Dialog.tsx';
import { formatMinor } from '../../../modules/shared/text/index.ts';
import InvoiceFields from '../purchases/InvoiceFields.tsx';
import WaitingList, { type WaitlistProps } from './WaitingList.tsx';
import { blankDraft, bodyOf, invoiceIssuesOf, nipMessage, withoutIssue, type InvoiceDraft, type InvoiceIssues, type InvoiceLabels } from '../purchases/invoice-form.ts';

/** One price of the product: `amountMinor` in grosze or cents (the catalogue's Offer). */
type PriceEntry = { currency: Currency; amountMinor: number; priceId: string };
type Labels = { buyNow: string; price: string; currency: string; accept: string; panel: string; dragHint: string; close: string; gross: string; terms: string; soldOut: string };
/** A consent the purchase needs (kind and the exact wording the server records), shown unticked. */
type Consent = { kind: string; text: string };
type Props = {
  /** No seat free (the product's capacity sold or held): "Sold out" instead of Buy now. */
  soldOut?: boolean;
  /** "3 seats left" when few remain, worded by the page; null otherwise. */
  seatsLeft?: string | null;
  signedIn: boolean;
  lang: 'pl' | 'en';
  prices: PriceEntry[];
  currency: Currency;
  openAtStart: boolean;
  labels: Labels;
  terms: { heading: string; paragraphs: string[] }[];
  /** Decided by the server for this product and this moment (withdrawal-period.ts); the checkout decides again. */
  consents: Consent[];
  productKey: string;
  /** "Chcę fakturę": its strings while the institute issues invoices (its seller data complete), else null. */
  invoice: InvoiceLabels | null;
  /** The product's waiting list (a product with a capacity), else null. */
  waitlist?: WaitlistProps | null;
};

const SIGN_UP = '/stworz-konto';

/**
 * Buy now, the bottom Buy bar and the purchase panel. A visitor without a session goes to /stworz-konto;
 * a signed-in user gets the panel: price, PLN/EUR/USD (which also switches the language), the policy
 * checkbox (its text opens the terms), the consents this purchase needs (unticked) and the Buy now button, dimmed
 * until every box is ticked. "Chcę fakturę" opens the invoice fields; with it ticked, Buy now asks for the checkout
 * itself (not through the hand-off page), so the server's word about a field shows beside that field.
 */
export default function BuyPanel(props: Props) {
  if (props.waitlist) {
    return (
      <WaitingList {...props.waitlist} productKey={props.productKey} lang={props.lang} soldOut={props.soldOut ?? false}>
        <Buying {...props} />
      </WaitingList>
    );
  }
  if (props.soldOut) return <p className="buy-sold-out" role="status" data-testid="sold-out">{props.labels.soldOut}</p>;
  return <Buying {...props} />;
}

function Buying({ seatsLeft, signedIn, lang, prices, currency: startCurrency, openAtStart, labels, terms, consents, productKey, invoice }: Props) {
  // Opened after hydration (not during it) so the server's closed markup always matches the first client render.
  const [open, setOpen] = useState(false);
  useEffect(() => { if (openAtStart && signedIn) setOpen(true); }, [openAtStart, signedIn]);
  const [currency, setCurrency] = useState<Currency>(startCurrency);
  const [accepted, setAccepted] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const tick = (kind: string, on: boolean) => setTicked((before) => {
    const next = new Set(before);
    if (on) next.add(kind); else next.delete(kind);
    return next;
  });
  const ready = accepted && consents.every((c) => ticked.has(c.kind));
  const [wantInvoice, setWantInvoice] = useState(false);
  const [draft, setDraft] = useState<InvoiceDraft>(blankDraft);
  const [issues, setIssues] = useState<InvoiceIssues>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => { panelRef.current?.querySelector<HTMLElement>('.invoice-fields [aria-invalid="true"]')?.focus(); }, [issues]);
  const [termsOpen, setTermsOpen] = useState(false);
  const [barVisible, setBarVisible] = useState(false);
  const dragStart = useRef<number | null>(null);

  useEffect(() => {
    const onScroll = () => setBarVisible(window.scrollY > 160);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const buy = () => setOpen(true);
  const choose = (c: Currency) => {
    if (languageOfCurrency(c) !== lang) { window.location.assign(currencySwitchUrl(window.location.pathname, c)); return; }
    setCurrency(c);
  };
  const onDragStart = (e: PointerEvent) => {
    if (window.innerWidth > 767) return;
    dragStart.current = e.clientY;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onDragMove = (e: PointerEvent) => {
    if (dragStart.current !== null && closesOnDrag(dragStart.current, e.clientY)) { dragStart.current = null; setOpen(false); }
  };
  const price = prices.find((p) => p.currency === currency) ?? prices[0]!;

  async function checkoutWithInvoice() {
    if (!invoice || busy) return;
    const nip = nipMessage(draft.nip, true, invoice);
    if (nip) { setIssues({ nip }); return; }
    setBusy(true);
    setNote(null);
    try {
      const res = await fetch('/create-checkout-session', {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, credentials: 'same-origin',
        body: JSON.stringify({ priceId: price.priceId, video: { key: productKey }, locale: lang, consents: consents.map((c) => c.kind), invoice: bodyOf(draft) }),
      });
      const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (res.ok && body.url) { window.location.assign(body.url); return; }
      const found = invoiceIssuesOf(body);
      setIssues(found);
      setNote(Object.keys(found).length > 1 ? invoice.fixFields : body.message ?? invoice.failed);
    } catch {
      setNote(invoice.failed);
    }
    setBusy(false);
  }

  return (
    <>
      {/* A visitor's Buy now is a link to account creation, so it works before this island hydrates (it hydrates at the first scroll or tap). */}
      {seatsLeft && <p className="buy-seats-left" data-testid="seats-left">{seatsLeft}</p>}
      {signedIn
        ? <button type="button" className="button button--large" onClick={buy} data-testid="buy-now">{labels.buyNow}</button>
        : <a className="button button--large" href={SIGN_UP} data-testid="buy-now">{labels.buyNow}</a>}
      <div className={`buy-bar${barVisible && !open ? ' is-visible' : ''}`} aria-hidden={!barVisible || open}>
        <span className="buy-bar__price">{formatMinor(price.amountMinor, price.currency, lang)}</span>
        {signedIn
          ? <button type="button" className="button" onClick={buy} tabIndex={barVisible && !open ? 0 : -1}>{labels.buyNow}</button>
          : <a className="button" href={SIGN_UP} tabIndex={barVisible && !open ? 0 : -1}>{labels.buyNow}</a>}
      </div>
      {open && (
        <section className="buy-panel" role="region" aria-label={labels.panel} data-testid="buy-panel" ref={panelRef}>
          <div className="buy-panel__handle" onPointerDown={onDragStart} onPointerMove={onDragMove} onPointerUp={() => (dragStart.current = null)}
            data-testid="buy-panel-handle">
            <span className="buy-panel__grip" aria-hidden="true" />
            <span className="visually-hidden">{labels.dragHint}</span>
          </div>
          <button type="button" className="buy-panel__close" onClick={() => setOpen(false)} aria-label={labels.close}>×</button>
          <p className="buy-panel__price"><span>{labels.price}</span> <strong data-testid="buy-price">{formatMinor(price.amountMinor, price.currency, lang)}</strong></p>
          <p className="buy-panel__gross">{labels.gross}</p>
          <fieldset className="currency-switch">
            <legend>{labels.currency}</legend>
            {CURRENCIES.map((c) => (
              <label key={c} className={c === currency ? 'is-active' : ''}>
                <input type="radio" name="currency" value={c} checked={c === currency} onChange={() => choose(c)} /> {c}
              </label>
            ))}
          </fieldset>
          <p className="accept">
            <input type="checkbox" id="accept-policy" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} aria-labelledby="accept-policy-text" />
            <button type="button" id="accept-policy-text" className="linklike" onClick={() => setTermsOpen(true)}>{labels.accept}</button>
          </p>
          {consents.map((c) => (
            <p className="accept accept--consent" key={c.kind}>
              <input type="checkbox" id={`consent-${c.kind}`} checked={ticked.has(c.kind)} onChange={(e) => tick(c.kind, e.target.checked)} />
              <label htmlFor={`consent-${c.kind}`}>{c.text}</label>
            </p>
          ))}
          {invoice && (
            <p className="accept">
              <input type="checkbox" id="want-invoice" checked={wantInvoice} onChange={(e) => setWantInvoice(e.target.checked)} />
              <label htmlFor="want-invoice">{invoice.want}</label>
            </p>
          )}
          {invoice && wantInvoice && (
            <InvoiceFields idPrefix="invoice" draft={draft} labels={invoice} issues={issues}
              onChange={(next, field) => { setDraft(next); setIssues((before) => withoutIssue(before, field)); }} />
          )}
          {note && <p className="status status--error" role="alert">{note}</p>}
          {ready && invoice && wantInvoice
            ? <button type="button" className="button button--large" onClick={() => void checkoutWithInvoice()} disabled={busy} data-testid="checkout">{labels.buyNow}</button>
            : ready
            ? <a className="button button--large" href={checkoutHref(price.priceId, consents.map((c) => c.kind))} data-testid="checkout">{labels.buyNow}</a>
            : <button type="button" className="button button--large is-dimmed" aria-disabled="true" data-testid="checkout">{labels.buyNow}</button>}
        </section>
      )}
      <Dialog open={termsOpen} onClose={() => setTermsOpen(false)} label={labels.terms} closeLabel={labels.close} className="terms-popup">
        <div className="prose">
          <h2>{labels.terms}</h2>
          {terms.map((s) => <section key={s.heading}><h3>{s.heading}</h3>{s.paragraphs.map((p) => <p key={p}>{p}</p>)}</section>)}
        </div>
      </Dialog>
    </>
  );
}
