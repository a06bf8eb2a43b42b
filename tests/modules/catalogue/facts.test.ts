import { describe, expect, it } from 'vitest';
import {
  dayLine, detailLines, durationLine, firstSessionMinutes, joinOpensAt, productDate, toApiVideo,
} from '../../../modules/catalogue/facts.ts';
import { factTexts } from '../../../modules/catalogue/facts-texts.ts';
import type { Product } from '../../../modules/catalogue/product.ts';
import { demoProducts } from '../../../modules/catalogue/seed/products.ts';

/** Intl writes a no-break space inside amounts ("2290 zł"); the tests read it as a space. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const shown = (p: Product, lang: 'pl' | 'en', currency?: 'PLN' | 'EUR' | 'USD') =>
  detailLines(p, lang, currency).map((d) => `${d.label}: ${plain(d.value)}`);

const shame = demoProducts(new Date('2026-09-01T10:00:00Z'))[0]!.product;
/** The shame workshop from 23 September 2026, 10:00 Warsaw time (08:00 UTC, summer time). */
const workshop: Product = { ...shame, startsAt: '2026-09-23T08:00:00.000Z', sessions: undefined };

describe('the facts a page shows about a product, derived from its fields', () => {
  it('gives the Details lines in Polish: date, schedule with the break, place, group, price, hours, then the free lines', () =>
    expect(shown({ ...workshop, details: [{ label: { pl: 'Zakwaterowanie', en: 'Accommodation' }, value: { pl: 'we własnym zakresie', en: 'on your own' } }] }, 'pl')).toEqual([
      'Termin: 23–25 września 2026',
      'Godziny pracy: 10:00–18:30, przerwa 13:30–14:30',
      'Miejsce: Online (Zoom)',
      'Liczba uczestników: od 10 do 16 osób',
      'Cena: 2290 zł',
      'Liczba godzin: 25,5 godziny do certyfikacji',
      'Zakwaterowanie: we własnym zakresie',
    ]));

  it('gives the same lines in English, the price in the currency the reader chose', () =>
    expect(shown(workshop, 'en', 'EUR')).toEqual([
      'Date: 23–25 September 2026',
      'Schedule: 10:00–18:30, break 13:30–14:30',
      'Place: Online (Zoom)',
      'Participants: 10 to 16 people',
      'Price: €540',
      'Hours: 25.5 hours towards certification',
    ]));

  it('leaves out the lines whose field is empty: no break, no place, no hours', () =>
    expect(shown({ ...workshop, days: 1, dailyEnd: '13:00', breakTime: null, place: { pl: '', en: '' }, hours: null, groupSize: { min: 12, max: 12 } }, 'pl')).toEqual([
      'Termin: 23 września 2026', 'Godziny pracy: 10:00–13:00', 'Liczba uczestników: 12 osób', 'Cena: 2290 zł',
    ]));

  it('writes the date line, the dd.mm.yyyy date and the duration from the start, the days and the hours', () => {
    expect(dayLine(workshop, 'pl')).toBe('23–25 września 2026 · Online (Zoom)');
    expect(dayLine(workshop, 'en')).toBe('23–25 September 2026 · Online (Zoom)');
    expect(productDate(workshop)).toBe('23.09.2026');
    expect([durationLine(workshop, 'pl'), durationLine(workshop, 'en')]).toEqual(['3 dni, 25,5 godziny', '3 days, 25.5 hours']);
    expect([durationLine({ days: 1, hours: 3 }, 'pl'), durationLine({ days: 1, hours: 8 }, 'pl'), durationLine({ days: 1, hours: 1 }, 'en')])
      .toEqual(['3 godziny', '8 godzin', '1 hour']);
    expect(durationLine({ days: 6, hours: null }, 'pl')).toBe('6 dni');
  });

  it('reads the start on Warsaw\'s calendar: 23:30 UTC on 4 January is the 5th', () => {
    const late = { ...workshop, startsAt: '2027-01-04T23:30:00.000Z', days: 2 };
    expect([productDate(late), dayLine(late, 'pl'), dayLine(late, 'en')]).toEqual(['05.01.2027', '5–6 stycznia 2027 · Online (Zoom)', '5–6 January 2027 · Online (Zoom)']);
  });

  describe('across the autumn change to winter time (the last Sunday of October: 25 October 2026, 03:00 back to 02:00)', () => {
    // Saturday 24 October 2026, 00:30 in Warsaw (summer time, UTC+2): 24 hours later the clock shows 23:30 on the same Saturday.
    const overnight = { ...workshop, startsAt: '2026-10-23T22:30:00.000Z', days: 2, dailyEnd: '05:00', breakTime: null };
    it('ends a two-day event on the Sunday, not on the Saturday 24 hours after its start', () => {
      expect(dayLine(overnight, 'pl')).toBe('24–25 października 2026 · Online (Zoom)');
      expect(dayLine(overnight, 'en')).toBe('24–25 October 2026 · Online (Zoom)');
    });
    it('counts the repeated hour in the first session of a night that crosses it', () => {
      // Sunday 25 October, 01:00 summer time to 05:00 winter time is five hours.
      expect(firstSessionMinutes({ startsAt: '2026-10-24T23:00:00.000Z', dailyEnd: '05:00' })).toBe(300);
      expect(firstSessionMinutes({ startsAt: '2026-10-23T23:00:00.000Z', dailyEnd: '05:00' })).toBe(240);
    });
    it('shows the start\'s wall-clock time in the schedule on either side of the change', () => {
      expect(shown({ ...workshop, startsAt: '2026-10-24T08:00:00.000Z', days: 1, dailyEnd: '18:30' }, 'en')[1]).toBe('Schedule: 10:00–18:30, break 13:30–14:30');
      expect(shown({ ...workshop, startsAt: '2026-10-26T09:00:00.000Z', days: 1, dailyEnd: '18:30' }, 'en')[1]).toBe('Schedule: 10:00–18:30, break 13:30–14:30');
    });
  });

  it('makes the calendar entry last from the start to the daily end of the first day', () => {
    expect(firstSessionMinutes(workshop)).toBe(510);
    expect(firstSessionMinutes({ startsAt: '2026-12-01T17:00:00.000Z', dailyEnd: '21:00' })).toBe(180);
  });

  it('opens the join button the set number of minutes before the start', () => {
    expect(joinOpensAt({ startsAt: '2026-09-23T08:00:00.000Z', joinOpensMinutes: 30 }).toISOString()).toBe('2026-09-23T07:30:00.000Z');
    expect(joinOpensAt({ startsAt: '2026-09-23T08:00:00.000Z', joinOpensMinutes: 0 }).toISOString()).toBe('2026-09-23T08:00:00.000Z');
  });

  it('answers GET /api/videos/{id} in the spec\'s shape with the derived lines, one per line, in both languages', () => {
    const api = toApiVideo(workshop);
    expect(Object.keys(api).sort()).toEqual(['date', 'desc', 'details', 'detailsEn', 'key', 'thumbnail', 'title', 'titleEn']);
    expect(api.date).toBe('23.09.2026');
    expect(plain(api.details).split('\n')).toEqual(shown(workshop, 'pl'));
    expect(plain(api.detailsEn).split('\n')).toEqual(shown(workshop, 'en'));
  });

  it('follows a price edit at once: nothing else holds the amount', () => {
    const edited: Product = { ...workshop, price: [workshop.price[0], { ...workshop.price[1], priceMinor: 239_000 }, workshop.price[2]] };
    expect(plain(toApiVideo(edited).details)).toContain('Cena: 2390 zł');
    expect(plain(toApiVideo(edited).details)).not.toContain('2290');
  });

  it('has every word in both languages', () => expect(Object.keys(factTexts.en).sort()).toEqual(Object.keys(factTexts.pl).sort()));
});
