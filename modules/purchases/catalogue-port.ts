/** What purchases needs to know about a product; the composition root adapts the catalogue to it. */
export type Currency = 'PLN' | 'EUR' | 'USD';

export type PriceForSale = { currency: Currency; amount: number; priceId: string };

export type ProductForSale = {
  key: string;
  title: { pl: string; en: string };
  /** The event's start, an instant (Europe/Warsaw on the page). */
  liveAt: Date;
  durationMinutes: number;
  prices: PriceForSale[];
  /** `media:<path under MEDIA_DIR>` for a recording we serve, an https URL for one hosted elsewhere, or null. */
  recordingLink: string | null;
  /** The live meeting's URL, or null. Owners only. */
  liveLink: string | null;
};

export type ProductLookup = (key: string) => Promise<ProductForSale | null>;

/** Which product a payment-provider price id belongs to (the hand-off page only knows the price). */
export type PriceLookup = (priceId: string) => Promise<string | null>;

/** The buyer as mail needs them; personal data stays in the accounts module. */
export type BuyerLookup = (userId: string) => Promise<{ email: string; name: string; language: 'pl' | 'en' } | null>;
