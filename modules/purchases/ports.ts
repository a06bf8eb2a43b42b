import type { Kysely } from 'kysely';
import type { InvoiceRequestInput } from '../invoicing/index.ts';
import type { EventMetadata, RecordedEvent } from '../shared/events/index.ts';
import type { Product } from '../catalogue/index.ts';

/** What purchases needs from other modules, handed over by the composition root (src/server/modules.ts). */

export type Currency = 'PLN' | 'EUR' | 'USD';

/** A price as sold: `amountMinor` an integer of the currency's smallest unit (grosze, cents). */
export type PriceForSale = { currency: Currency; amountMinor: number; priceId: string };

/** What purchases needs to know about a product to sell it and to hand its links to owners. */
export type ProductForSale = {
  key: string;
  title: { pl: string; en: string };
  /** The event's start, an instant (Europe/Warsaw on the page). */
  liveAt: Date;
  durationMinutes: number;
  /** When the live part ends (the last day's end of a multi-day training); absent: `durationMinutes` after `liveAt`. */
  liveEndsAt?: Date;
  /** The sessions in time order (issue 24), each with its id (kept when its time changes); absent: one, `liveAt` to `liveEndsAt`. */
  sessions?: { id: string; start: Date; end: Date }[];
  /** Seats for sale; null or absent: no limit. */
  capacity?: number | null;
  /** How long a waiting list's offer holds its seat, in hours; absent: 24. */
  offerHours?: number;
  /** A recording comes with the product (the catalogue's `recordingAvailable`); absent: none. */
  recordingAvailable?: boolean;
  /** The days, daily hours and place as the catalogue writes them, for the confirmation mail; absent: the start's date and time. */
  when?: { pl: string; en: string };
  /** When the watch page's Join button appears (the catalogue's setting, before `liveAt`); absent: at `liveAt`. */
  joinOpensAt?: Date;
  prices: PriceForSale[];
  /** `media:<path under MEDIA_DIR>` for a recording we serve, an https URL for one hosted elsewhere, or null. */
  recordingLink: string | null;
  /** The live meeting's URL, or null. Owners only. */
  liveLink: string | null;
  /** On the public pages and on sale; an unpublished product is not sold, its owners keep their access. */
  published: boolean;
  /**
   * How many schedule changes the catalogue recorded (each one's calendar update carries its number as SEQUENCE);
   * absent: none. A withdrawal of a buyer's calendar entries goes above it.
   */
  scheduleRevision?: number;
};

/** The site's terms as a buyer agrees to them: a version, and the full text in one language. */
export type Terms = { version: string; title: string; sections: { heading: string; paragraphs: string[] }[] };

export type ProductLookup = (key: string) => Promise<ProductForSale | null>;

/** Which product a payment-provider price id belongs to (the hand-off page only knows the price). */
export type PriceLookup = (priceId: string) => Promise<string | null>;

/** The buyer as mail needs them; personal data stays in the accounts module. */
export type BuyerLookup = (userId: string) => Promise<{ email: string; name: string; language: 'pl' | 'en' } | null>;

/** Name, e-mail and phone of each user still holding personal data, for the admin's attendee lists. */
export type ContactsLookup = (userIds: readonly string[]) => Promise<ReadonlyMap<string, { name: string; email: string; phone: string }>>;

export type PurchasesPorts = {
  /** The catalogue's product as it is sold (prices, start, the links only owners get). */
  products: ProductLookup;
  productKeyForPrice: PriceLookup;
  /** The catalogue's product as its owners see it (My Recordings, the watch page), published or not. */
  listing: (key: string) => Promise<Product | null>;
  /** The catalogue's rule: 24 hours after its start an event is over (the watch page turns to the recording). */
  isEventOver: (startsAt: Date, now: Date) => boolean;
  /** The accounts module's mail contact of a buyer. */
  buyers: BuyerLookup;
  /** The accounts module's contact details of buyers (the admin's attendee lists). */
  contacts: ContactsLookup;
  /** The accounts module's user registered with an address, or null (the admin grants access by address). */
  userIdByEmail: (email: string) => Promise<string | null>;
  /** The terms in force, in a language: the confirmation mail names their version and carries them in full. */
  terms: (lang: 'pl' | 'en') => Terms;
  /** The site's public origin, for links in mail and the dev checkout. */
  origin: () => string;
  /**
   * The invoicing module records a checkout's invoice request in the checkout's transaction (`tx`), so both commit or
   * neither; the invoice itself follows the payment (INVOICE_TOPICS.issue).
   */
  requestInvoice: (request: InvoiceRequestInput, tx: Kysely<any>, metadata: EventMetadata) => Promise<RecordedEvent[]>;
  /** Whether invoices can be issued now (the seller's data complete): a checkout asking for one is refused otherwise. */
  invoicingReady: () => Promise<boolean>;
};
