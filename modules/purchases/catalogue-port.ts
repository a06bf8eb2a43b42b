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
};

export type ProductLookup = (key: string) => Promise<ProductForSale | null>;

/** The buyer as mail needs them; personal data stays in the accounts module. */
export type BuyerLookup = (userId: string) => Promise<{ email: string; name: string; language: 'pl' | 'en' } | null>;
