import { describe, expect, it } from 'vitest';
import { facilitatorDecider, type FacilitatorEvent } from '../../../modules/catalogue/facilitator.ts';
import { productDecider } from '../../../modules/catalogue/product-decider.ts';
import {
  eventStart, isEventOver, isSiteMedia, isUpcoming, type Product, type ProductEvent,
} from '../../../modules/catalogue/product.ts';
import { demoFacilitators } from '../../../modules/catalogue/seed/facilitators.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';
import { deciderSpec } from '../../../modules/shared/kernel/spec.ts';

const { product, secrets } = demoProducts(new Date('2026-11-23T10:00:00Z'))[0]!;
const published: ProductEvent = { type: 'ProductPublished', data: { product, secrets } };
const products = deciderSpec(productDecider);

describe('a product not yet published', () => {
  it('is published with its public definition and its links kept apart', () =>
    products.given([]).when({ type: 'PublishProduct', product, secrets }).then([published]));
  it('cannot be revised', () =>
    products.given([]).when({ type: 'ReviseProduct', key: product.key, changes: { title: 'x' } }).thenThrows('product-not-found', { key: product.key }));
});

describe('a published product', () => {
  it('is not published a second time under the same key', () =>
    products.given([published]).when({ type: 'PublishProduct', product, secrets }).thenThrows('product-exists'));
  it('records a revision of its fields and links', () =>
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { title: 'Wstyd i duma' }, secrets: { liveLink: null } })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { title: 'Wstyd i duma' }, secrets: { liveLink: null } } }]));
  it('records nothing for a revision that changes nothing', () =>
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: {}, secrets: {} }).thenNothing());
});

describe('a start in the past (the admin\'s now is `notBefore`)', () => {
  // The product starts on 17 December 2026 at 10:00 in Warsaw (seeded 24 days after 23 November).
  const later = '2026-12-20T09:00:00.000Z';
  it('is refused for a new product', () =>
    products.given([]).when({ type: 'PublishProduct', product, secrets, notBefore: later }).thenThrows('product-start-past', { startsAt: product.startsAt }));
  it('is accepted for a new product starting exactly now or later', () =>
    products.given([]).when({ type: 'PublishProduct', product, secrets, notBefore: product.startsAt }).then([published]));
  it('is refused when the start is moved to an instant before now', () =>
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { startsAt: '2026-12-19T09:00:00.000Z' }, notBefore: later })
      .thenThrows('product-start-past', { startsAt: '2026-12-19T09:00:00.000Z' }));
  it('is no reason to refuse saving a product that has started, its start unchanged', () =>
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { startsAt: product.startsAt, title: 'Wstyd' }, notBefore: later })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { title: 'Wstyd' } } }]));
  it('is refused for a new live product a millisecond before now, and without a confirmation that is false', () => {
    const now = new Date(Date.parse(product.startsAt) + 1).toISOString();
    products.given([]).when({ type: 'PublishProduct', product, secrets, notBefore: now }).thenThrows('product-start-past', { startsAt: product.startsAt });
    products.given([]).when({ type: 'PublishProduct', product, secrets, notBefore: now, confirmPastStart: false }).thenThrows('product-start-past');
  });
  it('is accepted for a new live product when the admin confirms it', () =>
    products.given([]).when({ type: 'PublishProduct', product, secrets, notBefore: later, confirmPastStart: true }).then([published]));
  it('is accepted for a new recording product (an archive recording) without a confirmation', () => {
    const recording = { ...product, recordingAvailable: true };
    products.given([]).when({ type: 'PublishProduct', product: recording, secrets, notBefore: later })
      .then([{ type: 'ProductPublished', data: { product: recording, secrets } }]);
  });
  it('is accepted when a live product is moved there with a confirmation, and when a recording product is', () => {
    const moved = '2026-12-19T09:00:00.000Z';
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { startsAt: moved }, notBefore: later, confirmPastStart: true })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { startsAt: moved } } }]);
    const recording: ProductEvent = { type: 'ProductPublished', data: { product: { ...product, recordingAvailable: true }, secrets } };
    products.given([recording]).when({ type: 'ReviseProduct', key: product.key, changes: { startsAt: moved }, notBefore: later })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { startsAt: moved } } }]);
    // Made a recording in the same save: the product the start belongs to is a recording.
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { startsAt: moved, recordingAvailable: true }, notBefore: later })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { startsAt: moved, recordingAvailable: true } } }]);
  });
  it('is allowed to the seed, which gives no `notBefore`', () =>
    products.given([]).when({ type: 'PublishProduct', product: { ...product, startsAt: '2020-01-01T09:00:00.000Z', sessions: undefined }, secrets })
      .then([{ type: 'ProductPublished', data: { product: { ...product, startsAt: '2020-01-01T09:00:00.000Z', sessions: undefined }, secrets } }]));
});

describe('publishing and unpublishing (the admin shows a product on the public pages and sells it, or not)', () => {
  const unpublished: ProductEvent = { type: 'ProductUnpublished', data: { key: product.key } };
  const republished: ProductEvent = { type: 'ProductRepublished', data: { key: product.key } };
  const revise = (published: boolean) => ({ type: 'ReviseProduct' as const, key: product.key, changes: {}, published });
  it('adds a product published unless asked otherwise', () =>
    products.given([]).when({ type: 'PublishProduct', product, secrets, published: true }).then([published]));
  it('adds a product hidden when asked to', () =>
    products.given([]).when({ type: 'PublishProduct', product, secrets, published: false }).then([published, unpublished]));
  it('unpublishes a published product', () => products.given([published]).when(revise(false)).then([unpublished]));
  it('records nothing when a published product is published again', () => products.given([published]).when(revise(true)).thenNothing());
  it('publishes an unpublished product again', () => products.given([published, unpublished]).when(revise(true)).then([republished]));
  it('records nothing when an unpublished product is unpublished again', () =>
    products.given([published, unpublished]).when(revise(false)).thenNothing());
  it('still revises an unpublished product, which stays unpublished', () =>
    products.given([published, unpublished]).when({ type: 'ReviseProduct', key: product.key, changes: { title: 'Nowy tytuł' } })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { title: 'Nowy tytuł' } } }]));
});

describe('a revision sent with every field (the admin form)', () => {
  const newPrice = [{ ...product.price[0] }, { ...product.price[1], priceMinor: 249_000 }, { ...product.price[2] }] as Product['price'];
  it('records only the fields and links that differ', () =>
    products.given([published]).when({ type: 'ReviseProduct', key: product.key, changes: { title: product.title, price: newPrice }, secrets: { ...secrets } })
      .then([{ type: 'ProductRevised', data: { key: product.key, changes: { price: newPrice } } }]));
  it('records nothing when every field is as it is', () => {
    const { key, ...definition } = product;
    products.given([published]).when({ type: 'ReviseProduct', key, changes: definition, secrets: { ...secrets } }).thenNothing();
  });
  it('records nothing when only the order of keys differs (jsonb gives stored objects back with its own order)', () => {
    const reorder = (value: unknown): unknown => (Array.isArray(value) ? value.map(reorder)
      : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reorder(v)])) : value);
    const stored: ProductEvent = { type: 'ProductPublished', data: { product: reorder(product) as Product, secrets } };
    const { key, ...definition } = product;
    products.given([stored]).when({ type: 'ReviseProduct', key, changes: definition, secrets: { ...secrets } }).thenNothing();
  });
  it('compares against the product as revised, not as first published', () =>
    products.given([published, { type: 'ProductRevised', data: { key: product.key, changes: { price: newPrice } } }])
      .when({ type: 'ReviseProduct', key: product.key, changes: { price: newPrice } }).thenNothing());
});

describe('the event is over 24 hours after its last session ends (spec 4, 9; issue 24)', () => {
  // One session, 18:00–20:00 in Warsaw on 1 March 2026 (UTC+1): it ends at 19:00 UTC.
  const startsAt = '2026-03-01T17:00:00.000Z';
  const endsAt = new Date('2026-03-01T19:00:00.000Z');
  const event = { startsAt, days: 1, dailyEnd: '20:00' };
  it('is still upcoming a millisecond before 24 hours have passed since its end', () => {
    const now = new Date('2026-03-02T18:59:59.999Z');
    expect(isEventOver(endsAt, now)).toBe(false);
    expect(isUpcoming(event, now)).toBe(true);
  });
  it('is over at exactly 24 hours after its end', () => {
    const now = new Date('2026-03-02T19:00:00.000Z');
    expect(isEventOver(endsAt, now)).toBe(true);
    expect(isUpcoming(event, now)).toBe(false);
  });
  it('is upcoming before it starts', () => expect(isUpcoming(event, new Date('2026-02-01T00:00:00Z'))).toBe(true));
  it('a 6-day training is not over 24 hours after its first day, only 24 hours after its sixth', () => {
    const training = demoProducts(new Date('2026-08-01T10:00:00Z')).find((p) => p.product.days === 6)!.product;
    const [first, last] = [training.sessions![0]!, training.sessions![5]!];
    const dayAfterFirst = new Date(Date.parse(first.end) + 24 * 3600_000);
    expect(isUpcoming(training, dayAfterFirst)).toBe(true);
    expect(isUpcoming(training, new Date(Date.parse(last.end) + 24 * 3600_000 - 1))).toBe(true);
    expect(isUpcoming(training, new Date(Date.parse(last.end) + 24 * 3600_000))).toBe(false);
  });
});

describe('a facilitator', () => {
  const facilitator = demoFacilitators[0]!;
  const introduced: FacilitatorEvent = { type: 'FacilitatorIntroduced', data: { facilitator } };
  const facilitators = deciderSpec(facilitatorDecider);
  it('is introduced once', () => facilitators.given([]).when({ type: 'IntroduceFacilitator', facilitator }).then([introduced]));
  it('introduced again records nothing', () => facilitators.given([introduced]).when({ type: 'IntroduceFacilitator', facilitator }).thenNothing());
});

describe('the start an admin gives a product', () => {
  it('is the instant an ISO 8601 date and time names, its offset applied', () => {
    expect(eventStart('2027-03-05T09:00:00.000Z')?.toISOString()).toBe('2027-03-05T09:00:00.000Z');
    expect(eventStart('2026-03-29T02:30:00+01:00')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(eventStart('2028-02-29T18:00:00Z')?.toISOString()).toBe('2028-02-29T18:00:00.000Z');
  });
  it('names no instant for a day that does not exist, which a Date would read as another day', () => {
    for (const text of ['2026-02-30T10:00:00Z', '2026-02-29T10:00:00Z', '2026-04-31T10:00:00Z', '2026-13-01T10:00:00Z', '2026-00-10T10:00:00Z']) {
      expect(eventStart(text), text).toBeNull();
    }
  });
  it('names no instant outside the years 2000–2100 (year 0 is no year at all)', () => {
    for (const text of ['0000-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) expect(eventStart(text), text).toBeNull();
    expect(eventStart('2000-01-01T00:00:00Z')).not.toBeNull();
    expect(eventStart('2100-12-31T23:59:59Z')).not.toBeNull();
  });
  it('names none for text that is no date and time', () => {
    for (const text of ['jutro', '2026-03-05', '', 'T2026-03-05']) expect(eventStart(text), text).toBeNull();
  });
});

describe('a product\'s pictures and videos', () => {
  it('are files the site serves under /media/', () => {
    for (const path of ['/media/thumb-shame.webp', '/media/avatars/ewa_lis-2.svg', '/media/preview~1.webm']) expect(isSiteMedia(path), path).toBe(true);
  });
  it('are never another host, however it is written, nor a path the pages cannot show', () => {
    const refused = [
      'https://images.example/x.jpg', 'http://evil.example/x.jpg', '//evil.example/x.jpg', '/\\evil.example/x.jpg', '/media/\\evil.example',
      '\\\\evil.example\\x.jpg', 'data:image/png;base64,AAAA', 'javascript:alert(1)', '/media/../secret', '/media/./x.jpg', '/media//x.jpg',
      '/media/', '/media', '/favicon.svg', '/api/users', 'media/x.jpg', '/media/x.jpg?u=1', '/media/x y.jpg', '/media/recordings/trauma',
      `/media/${'a'.repeat(500)}`, '',
    ];
    for (const path of refused) expect(isSiteMedia(path), path).toBe(false);
  });
});
