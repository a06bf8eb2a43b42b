import { describe, expect, it } from 'vitest';
import { explorePath, productHref } from '../../../src/components/site.ts';
import { checkoutHref, closesOnDrag, consentsOf, currencySwitchUrl, initialCurrency, languageOfCurrency } from '../../../src/islands/catalogue/buy.ts';
import { bannerFrame, DIM_OPACITY, letterOpacity } from '../../../src/islands/catalogue/motion-frames.ts';

describe('the buy panel rules', () => {
  it('switches the language with the currency: PLN Polish, EUR and USD English', () => {
    expect([languageOfCurrency('PLN'), languageOfCurrency('EUR'), languageOfCurrency('USD')]).toEqual(['pl', 'en', 'en']);
    expect(currencySwitchUrl('/video-details/k', 'USD')).toBe('/video-details/k?lang=en&waluta=USD&kup=1');
  });
  it('opens with the asked currency only when it matches the language', () => {
    expect(initialCurrency('en', 'usd')).toBe('USD');
    expect(initialCurrency('pl', 'USD')).toBe('PLN');
    expect(initialCurrency('en', null)).toBe('EUR');
  });
  it('closes on a drag down of more than 10 px only', () => {
    expect(closesOnDrag(100, 110)).toBe(false);
    expect(closesOnDrag(100, 111)).toBe(true);
    expect(closesOnDrag(100, 50)).toBe(false);
  });
  it('hands off to the payment page by price id', () => expect(checkoutHref('price_demo_x')).toBe('/ladowanie-platnosci/price_demo_x'));
  it('hands the ticked consents on to the payment page, which reads them back', () => {
    const href = checkoutHref('price_demo_x', ['earlyStart', 'recordingEarly']);
    expect(href).toBe('/ladowanie-platnosci/price_demo_x?zgody=earlyStart%2CrecordingEarly');
    expect(consentsOf(new URL(href, 'http://x').searchParams.get('zgody'))).toEqual(['earlyStart', 'recordingEarly']);
    expect(consentsOf(null)).toEqual([]);
    expect(consentsOf(' ,earlyStart,')).toEqual(['earlyStart']);
  });
});

describe('scroll effects', () => {
  it('starts the banner at 80vw (90vw on a phone), 50vh and 5 % top padding', () => {
    expect(bannerFrame(0, false)).toMatchObject({ widthVw: 80, heightVh: 50, topPaddingPct: 5 });
    expect(bannerFrame(0, true)).toMatchObject({ widthVw: 90 });
    expect(bannerFrame(1, false).widthVw).toBe(100);
  });
  it('keeps unrevealed letters at 0.14 and lights them in order', () => {
    expect(letterOpacity(0, 10, 0)).toBe(DIM_OPACITY);
    expect(letterOpacity(9, 10, 0.5)).toBeLessThan(letterOpacity(0, 10, 0.5));
    expect(letterOpacity(9, 10, 1)).toBe(1);
  });
});

describe('where a product card leads (spec 2)', () => {
  it('takes an owner to the watch page', () => expect(productHref({ product: { key: 'k1' }, owned: true })).toBe('/watch-video/k1'));
  it('takes everyone else to the purchase page', () => expect(productHref({ product: { key: 'k1' }, owned: false })).toBe('/video-details/k1'));
  it('names the explore page after the product, with the shared slug rule', () => expect(explorePath('Gestalt Online — Żółw')).toBe('/eksploruj-gestalt-online-zolw'));
});
