import type { CapacityChange } from '../catalogue/index.ts';
import { mailMessage } from '../mailing/index.ts';
import { DomainError, loadState } from '../shared/kernel/index.ts';
import type { EventMetadata } from '../shared/events/index.ts';
import { addToOutbox } from '../shared/outbox/index.ts';
import { signedIds } from '../shared/signing/index.ts';
import type { PurchasesDeps } from './deps.ts';
import type { PurchasesQueries } from './queries.ts';
import { WAITLIST_CLOSE_TOPIC, type SeatHandlers } from './seat-handlers.ts';
import { waitlistStatusOf, type WaitlistStatus } from './seat-views.ts';
import { seatsDecider } from './seats-decider.ts';
import { live, offerHoldKey, offerOf, seatsStreamOf, type SeatEvent } from './seats.ts';
import { waitlistOfferMail } from './waitlist-mail.ts';

/** What the offer mail's outbox row carries (seat-handlers.ts writes it beside `SeatOffered`). */
export type OfferPayload = { productKey: string; offerId: string; userId: string; expiresAt: string };

/**
 * The waiting list of a product: joining, leaving, declining an offer (signed-in, or by the mail's signed link),
 * the offer mail, and the list's closing at the first session. Every step is a command on the product's seats stream.
 */
export function waitlistHandlers(deps: PurchasesDeps, queries: Pick<PurchasesQueries, 'activePurchase'>, seats: SeatHandlers) {
  const now = () => deps.clock().toISOString();
  const offerTokens = signedIds(deps.secret, 'purchases/waitlist-offer');
  const stateOf = async (productKey: string) => (await loadState(deps, seatsDecider, seatsStreamOf(productKey))).state;

  async function policyOrRefuse(productKey: string) {
    const product = await deps.ports.products(productKey);
    if (!product || !product.published) throw new DomainError('product-not-found');
    const policy = await seats.policyOf(productKey);
    if (!policy) throw new DomainError('waitlist-no-capacity');
    return policy;
  }

  /** The signed link that declines an offer without signing in (`/oferta/{token}`). */
  const declineLink = (productKey: string, offerId: string) =>
    new URL(`/oferta/${encodeURIComponent(offerTokens.sign(`${productKey}/${offerId}`))}`, deps.ports.origin()).href;

  /** The offer a decline token names, or null when the token is not one of ours. */
  function offerOfToken(token: string): { productKey: string; offerId: string } | null {
    const id = offerTokens.idOf(token);
    const slash = id?.lastIndexOf('/') ?? -1;
    return id && slash > 0 ? { productKey: id.slice(0, slash), offerId: id.slice(slash + 1) } : null;
  }

  async function status(productKey: string, userId: string): Promise<WaitlistStatus> {
    const [state, policy] = await Promise.all([stateOf(productKey), seats.policyOf(productKey)]);
    return waitlistStatusOf(state, policy, userId, now());
  }

  return {
    declineLink, offerOfToken, status,
    /**
     * Puts a signed-in person on the list. Refused: `waitlist-no-capacity`, `already-owned`, `waitlist-already`,
     * `waitlist-seats-free` (one can be bought now), `waitlist-closed` (the first session began).
     */
    async join(productKey: string, userId: string, metadata?: EventMetadata): Promise<WaitlistStatus> {
      const policy = await policyOrRefuse(productKey);
      if (await queries.activePurchase(userId, productKey)) throw new DomainError('already-owned');
      await seats.run(productKey, { type: 'JoinWaitlist', productKey, userId, at: now(), policy }, metadata);
      return status(productKey, userId);
    },
    /** Takes a person off the list (`waitlist-not-on` when they are not on it); an open offer of theirs is declined. */
    async leave(productKey: string, userId: string, metadata?: EventMetadata) {
      const policy = await policyOrRefuse(productKey);
      await seats.run(productKey, { type: 'LeaveWaitlist', productKey, userId, at: now(), policy }, metadata);
    },
    /** Declines the offer a signed link names: the seat goes to the next person at once. `waitlist-offer-gone`: it ended already. */
    async declineByToken(token: string, metadata?: EventMetadata): Promise<{ productKey: string }> {
      const named = offerOfToken(token);
      if (!named) throw new DomainError('waitlist-offer-gone');
      const policy = await seats.policyOf(named.productKey);
      if (!policy) throw new DomainError('waitlist-offer-gone');
      await seats.run(named.productKey, { type: 'DeclineOffer', productKey: named.productKey, offerId: named.offerId, at: now(), policy }, metadata);
      return { productKey: named.productKey };
    },
    /** The offer a signed link names, if it is still open: its product and expiry (the decline page's question). */
    async offerByToken(token: string): Promise<{ productKey: string; offerId: string; expiresAt: string; title: { pl: string; en: string } } | null> {
      const named = offerOfToken(token);
      if (!named) return null;
      const [state, product] = await Promise.all([stateOf(named.productKey), deps.ports.products(named.productKey)]);
      const hold = state.holds[offerHoldKey(named.offerId)];
      return hold && product && live(hold, now()) ? { ...named, expiresAt: hold.expiresAt, title: product.title } : null;
    },
    /** Outbox: the offer's mail, in its person's language, unless the offer ended before the row came due. */
    async mailOffer(payload: unknown) {
      const p = payload as OfferPayload;
      const hold = (await stateOf(p.productKey)).holds[offerHoldKey(p.offerId)];
      if (!hold || !live(hold, now())) return;
      const [buyer, product] = await Promise.all([deps.ports.buyers(p.userId), deps.ports.products(p.productKey)]);
      if (!buyer || !product) return;
      const buyUrl = new URL(`/video-details/${encodeURIComponent(p.productKey)}?kup=1`, deps.ports.origin()).href;
      await addToOutbox(deps.db, [mailMessage(`waitlist-offer:${p.productKey}:${p.offerId}`, waitlistOfferMail({
        to: buyer.email, name: buyer.name, language: buyer.language, title: product.title, expiresAt: new Date(p.expiresAt),
        buyUrl, declineUrl: declineLink(p.productKey, p.offerId), siteName: deps.siteName,
      }))]);
    },
    /** Outbox: at the first session's start the list closes; a start moved later since gets a row of its own. */
    async close(payload: unknown) {
      const { productKey } = payload as { productKey: string };
      const policy = await seats.policyOf(productKey);
      if (policy?.firstStart && Date.parse(policy.firstStart) > deps.clock().getTime()) {
        await addToOutbox(deps.db, [{ topic: WAITLIST_CLOSE_TOPIC, dedupeKey: `waitlist-close:${productKey}:${policy.firstStart}`, payload: { productKey }, notBefore: new Date(policy.firstStart) }]);
        return;
      }
      await seats.run(productKey, { type: 'CloseWaitlist', productKey, at: now() }, { actor: 'waitlist' });
    },
    /**
     * Outbox: the catalogue's announcement of a capacity change (written with the change, so no crash loses it): the
     * seats it freed are offered to the list under the product's seats lock. Running it again offers nothing more:
     * the first run's offers hold those seats.
     */
    async capacityChanged(payload: unknown) {
      await seats.offerFree((payload as CapacityChange).productKey, { actor: 'waitlist' });
    },
    /**
     * The panel's view of a product's list: who waits in which order, the offers in flight, and one page of its steps
     * so far, newest first (`page`: which rows of the history; `total`: how many steps there are). Only the people on
     * the list and on that page are looked up, however long the history grows.
     */
    async panel(productKey: string, page: { offset: number; limit: number }) {
      const [events, counts] = await Promise.all([deps.store.readStream(seatsStreamOf(productKey)), seats.seats(productKey)]);
      const state = events.reduce((s, e) => seatsDecider.evolve(s, e as unknown as SeatEvent), seatsDecider.initialState());
      const at = now();
      const steps = [...events].reverse().slice(page.offset, page.offset + page.limit).map((e) => ({
        e, data: e.data as { userId?: string; reason?: string; expiresAt?: string; offerId?: string; purchaseId?: string; at?: string; heldAt?: string },
      }));
      const named = [...state.queue.map((w) => w.userId), ...steps.flatMap(({ data }) => (data.userId ? [data.userId] : []))];
      const people = await deps.ports.contacts([...new Set(named)]);
      const who = (userId: string) => people.get(userId) ?? null;
      return {
        seats: counts, closed: state.closed,
        queue: state.queue.map((w, i) => {
          const offer = offerOf(state, w.userId, at);
          return { position: i + 1, userId: w.userId, person: who(w.userId), joinedAt: w.joinedAt, offer: offer?.offerId ? { offerId: offer.offerId, expiresAt: offer.expiresAt } : null };
        }),
        history: {
          total: events.length,
          items: steps.map(({ e, data }) => ({ type: e.type, at: data.at ?? data.heldAt ?? e.recordedAt.toISOString(), userId: data.userId ?? null,
            person: data.userId ? who(data.userId) : null, reason: data.reason ?? null, offerId: data.offerId ?? null, expiresAt: data.expiresAt ?? null })),
        },
      };
    },
  };
}

export type WaitlistHandlers = ReturnType<typeof waitlistHandlers>;
