/** The product decider: what an admin's add or revision of a product records, and the rules it refuses by. */
import { DomainError, nobody, type Decider } from '../shared/kernel/index.ts';
import { checkProductHours } from './hours.ts';
import { priceIdOf, type Currency, type Product, type ProductEvent, type ProductRevised, type ProductSecrets } from './product.ts';
import { checkCapacity, reminderOffsetsOf, scheduled } from './schedule.ts';
import { scheduleChanges } from './schedule-change.ts';
import { sessionsOf } from './sessions.ts';

/** A revision's prices keep the ids the product has (an older product's seeded or hand-typed ones too). */
function keepPriceIds(changes: ProductRevised['data']['changes'], current: Product): ProductRevised['data']['changes'] {
  if (!changes.price) return changes;
  const idOf = (currency: Currency) => current.price.find((p) => p.name === currency)?.api ?? priceIdOf(current.key, currency);
  return { ...changes, price: changes.price.map((p) => ({ ...p, api: idOf(p.name) })) as Product['price'] };
}

/**
 * `published: false` adds the product hidden from the public pages (the admin publishes it later). `notBefore` (an
 * instant, the admin's now): a live product starting before it is refused unless `confirmPastStart` (a recording may
 * have a past date; see `refusePastStart`); the seed, which adds past events too, gives none.
 */
export type PublishProduct = {
  type: 'PublishProduct'; product: Product; secrets: ProductSecrets; published?: boolean; notBefore?: string; confirmPastStart?: boolean;
};
/**
 * `changes` may repeat current values (an admin's form sends every field): only what differs is recorded.
 * `notBefore`: a start changed to an instant before it is refused as for a new product (an old product saved with its
 * start unchanged is not).
 * `seatsSold`: the seats sold now (the handler asks whoever sells), below which a changed capacity is refused.
 * `at`: when it is made (a schedule change says so: buyers who paid after it bought the new schedule).
 */
export type ReviseProduct = {
  type: 'ReviseProduct'; key: string; changes: ProductRevised['data']['changes']; secrets?: Partial<ProductSecrets>; published?: boolean; notBefore?: string;
  confirmPastStart?: boolean; seatsSold?: number; at?: string;
};
export type ProductCommand = PublishProduct | ReviseProduct;
/** `scheduleRevision`: how many schedule changes were recorded (ProductScheduleChanged); absent: none. */
export type ProductState =
  | { status: 'absent' }
  | { status: 'published' | 'unpublished'; product: Product; secrets: ProductSecrets; scheduleRevision?: number };

/** JSON with every object's keys sorted: the log's jsonb gives stored objects back in its own key order. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/** The entries of `next` whose value differs from the same entry of `current` (compared as JSON, whatever the key order). */
function differing<T extends object>(next: Partial<T>, current: T): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => canonical(v) !== canonical(current[k as keyof T]))) as Partial<T>;
}

/**
 * A start before `notBefore` (issue 34): a recording product (`recordingAvailable`) may have one, since an archive
 * recording of a past event is sold as its recording; a live product only with `confirmed` (the admin ticked that the
 * past start is meant, e.g. a training entered after it began), else `product-start-past`.
 */
function refusePastStart(startsAt: string, notBefore: string | undefined, p: { recording: boolean; confirmed: boolean | undefined }): void {
  if (notBefore === undefined || Date.parse(startsAt) >= Date.parse(notBefore) || p.recording || p.confirmed === true) return;
  throw new DomainError('product-start-past', { startsAt });
}

/** Whether the product is to be shown and sold changes only when asked to and different from now. */
function visibility(key: string, wanted: boolean | undefined, now: 'published' | 'unpublished'): ProductEvent[] {
  if (wanted === undefined || wanted === (now === 'published')) return [];
  return [wanted ? { type: 'ProductRepublished', data: { key } } : { type: 'ProductUnpublished', data: { key } }];
}

/**
 * A product is added once per key (`product-exists`); a revision needs a product (`product-not-found`), published or
 * not. A revision records only the fields and links that change, and nothing when none does. An admin's live product
 * may not start in the past, nor be moved there, unless the admin confirms it; a recording product may
 * (`product-start-past`, `refusePastStart`). Unpublishing takes a
 * published product off the public pages and off sale; publishing brings an unpublished one back; asking for
 * what already is records nothing.
 */
export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: () => ({ status: 'absent' }),
  /** Everyone's pages: products reach the public and owners' pages through the catalogue's changes (changes.ts). */
  concerns: { ProductPublished: nobody, ProductRevised: nobody, ProductUnpublished: nobody, ProductRepublished: nobody, ProductScheduleChanged: nobody },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductPublished': return { status: 'published', product: event.data.product, secrets: event.data.secrets };
      case 'ProductRevised':
        return state.status === 'absent' ? state
          : { ...state, product: { ...state.product, ...event.data.changes }, secrets: { ...state.secrets, ...event.data.secrets } };
      case 'ProductUnpublished': return state.status === 'absent' ? state : { ...state, status: 'unpublished' };
      case 'ProductRepublished': return state.status === 'absent' ? state : { ...state, status: 'published' };
      case 'ProductScheduleChanged': return state.status === 'absent' ? state : { ...state, scheduleRevision: event.data.revision };
      default: { const never: never = event; return never; }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PublishProduct': {
        if (state.status !== 'absent') throw new DomainError('product-exists', { key: command.product.key });
        const { secrets } = command;
        const product = { ...command.product, ...scheduled(command.product) };
        refusePastStart(product.startsAt, command.notBefore, { recording: product.recordingAvailable, confirmed: command.confirmPastStart });
        checkProductHours(product);
        return [{ type: 'ProductPublished', data: { product, secrets } }, ...visibility(product.key, command.published, 'published')];
      }
      case 'ReviseProduct': {
        if (state.status === 'absent') throw new DomainError('product-not-found', { key: command.key });
        const { key } = command;
        // A product recorded without reminder offsets has the default ones: sending those is no change.
        const current = { ...state.product, reminderOffsets: [...reminderOffsetsOf(state.product)] };
        const changes = differing(keepPriceIds(scheduled(command.changes), state.product), current);
        if (changes.capacity !== undefined) checkCapacity(changes.capacity, command.seatsSold);
        if (changes.startsAt !== undefined) {
          refusePastStart(changes.startsAt, command.notBefore, { recording: changes.recordingAvailable ?? state.product.recordingAvailable, confirmed: command.confirmPastStart });
        }
        checkProductHours(state.product, changes);
        const secrets = command.secrets ? differing(command.secrets, state.secrets) : {};
        const revised: ProductEvent[] = Object.keys(changes).length === 0 && Object.keys(secrets).length === 0 ? []
          : [{ type: 'ProductRevised', data: { key, changes, ...(Object.keys(secrets).length > 0 ? { secrets } : {}) } }];
        return [...revised, ...scheduleChanges(key, state.scheduleRevision ?? 0, sessionsOf(state.product), changes.sessions, command.at), ...visibility(key, command.published, state.status)];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
