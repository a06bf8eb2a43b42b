import { describe, expect, it } from 'vitest';
import { reminderMail, reminderTexts, timeLeft } from '../../../modules/meetings/index.ts';
import { warsawInstant } from '../../../modules/shared/text/index.ts';

const flat = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? flat(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('the reminder mail', () => {
  it('has every message in both languages, with the same placeholders', () => {
    expect(flat(reminderTexts.en).sort()).toEqual(flat(reminderTexts.pl).sort());
    const placeholders = (lang: 'pl' | 'en') => flat(reminderTexts[lang]).map((key) => {
      const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], reminderTexts[lang]) as string;
      return `${key}:${[...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',')}`;
    });
    expect(placeholders('en')).toEqual(placeholders('pl'));
  });

  it('words the time left as a person would, in Polish with its plural forms', () => {
    expect([1, 2, 5, 22, 40].map((m) => timeLeft(m, 'pl'))).toEqual(['1 minutę', '2 minuty', '5 minut', '22 minuty', '40 minut']);
    expect([60, 65, 120, 150].map((m) => timeLeft(m, 'pl'))).toEqual(['1 godzinę', '1 godzinę i 5 minut', '2 godziny', '2 godziny i 30 minut']);
    expect([23 * 60, 24 * 60, 25 * 60, 3 * 1440].map((m) => timeLeft(m, 'pl'))).toEqual(['23 godziny', '24 godziny', '25 godzin', '3 dni']);
    expect([1, 40, 65, 24 * 60, 3 * 1440].map((m) => timeLeft(m, 'en'))).toEqual(['1 minute', '40 minutes', '1 hour and 5 minutes', '24 hours', '3 days']);
  });

  it('tells the buyer what starts when (Warsaw time), which session, and gives the personal join link, in their language', () => {
    const input = {
      to: 'ewa@example.com', name: 'Ewa', title: { pl: 'Trening gestalt', en: 'Gestalt training' }, start: warsawInstant(2026, 9, 24, 9),
      number: 2, count: 6, minutesLeft: 60, leadMinutes: 30, joinUrl: 'https://gestalt.test/dolacz/p1.abc', siteName: 'Gestalt Online',
    };
    const pl = reminderMail({ ...input, language: 'pl' });
    expect(pl.subject).toBe('Przypomnienie: „Trening gestalt” za 1 godzinę');
    expect(pl.text.split('\n')).toEqual([
      'Dzień dobry Ewa,', '',
      '„Trening gestalt” zaczyna się za 1 godzinę: 24 września 2026 09:00 (czasu polskiego).', 'To spotkanie 2 z 6.', '',
      'Dołącz przez swój osobisty link: https://gestalt.test/dolacz/p1.abc',
      'Link działa od 30 minut przed początkiem spotkania do jego końca.', 'Link jest tylko dla Ciebie: nie przekazuj go innym.', '',
      'Zespół Gestalt Online',
    ]);
    expect(pl.html).toContain('<a href="https://gestalt.test/dolacz/p1.abc">https://gestalt.test/dolacz/p1.abc</a>');
    const en = reminderMail({ ...input, language: 'en', count: 1, leadMinutes: 0, minutesLeft: 40 });
    expect(en.subject).toBe('Reminder: “Gestalt training” in 40 minutes');
    expect(en.text).toContain('“Gestalt training” starts in 40 minutes: 24 September 2026 at 09:00 (Polish time).');
    expect(en.text).toContain('The link works from the start of the session until it ends.');
    expect(en.text).not.toContain('session 1 of 1');
  });
});
