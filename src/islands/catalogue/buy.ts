/** Pure rules of the buy panel (spec 2), kept apart from the component so they are tested without a browser. */
export type Currency = 'PLN' | 'EUR' | 'USD';
export const CURRENCIES: readonly Currency[] = ['PLN', 'EUR', 'USD'];

/** Switching currency also sets the language: PLN gives Polish; EUR and USD give English. */
export const languageOfCurrency = (c: Currency): 'pl' | 'en' => (c === 'PLN' ? 'pl' : 'en');

/** The currency a page opens with: the one asked for when it matches the language, else the language's own. */
export function initialCurrency(lang: 'pl' | 'en', asked: string | null): Currency {
  const valid = CURRENCIES.find((c) => c === asked?.toUpperCase());
  if (valid && languageOfCurrency(valid) === lang) return valid;
  return lang === 'pl' ? 'PLN' : 'EUR';
}

/** Spec 9: on a phone the panel closes when dragged down by more than 10 px. */
const SWIPE_CLOSE_PX = 10;
export const closesOnDrag = (startY: number, currentY: number) => currentY - startY > SWIPE_CLOSE_PX;

/** The page to load when a currency needs the other language: same page, panel open, that currency. */
export function currencySwitchUrl(pathname: string, c: Currency): string {
  return `${pathname}?lang=${languageOfCurrency(c)}&waluta=${c}&kup=1`;
}

/** The payment hand-off page for a price, with the consents the buyer ticked (`zgody`, by kind), which it sends on. */
export function checkoutHref(priceId: string, consents: readonly string[] = []): string {
  const path = `/ladowanie-platnosci/${encodeURIComponent(priceId)}`;
  return consents.length > 0 ? `${path}?${new URLSearchParams({ zgody: consents.join(',') })}` : path;
}

/** The consents a hand-off page was given (`?zgody=earlyStart,recordingEarly`); the server decides whether they are the right ones. */
export const consentsOf = (query: string | null): string[] => (query ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '').slice(0, 10);
