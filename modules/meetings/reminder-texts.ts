/**
 * The reminder mail in both languages (tested for parity). `{left}` is the time left, worded by `timeLeft`, so a
 * reminder sent late by a worker that was down says how long is really left ("za 40 minut").
 */
export const reminderTexts = {
  pl: {
    subject: 'Przypomnienie: „{title}” za {left}',
    greeting: 'Dzień dobry {name},',
    body: '„{title}” zaczyna się za {left}: {start} (czasu polskiego).',
    session: 'To spotkanie {number} z {count}.',
    join: 'Dołącz przez swój osobisty link: {url}',
    opensBefore: 'Link działa od {opensBefore} przed początkiem spotkania do jego końca.',
    opensAtStart: 'Link działa od początku spotkania do jego końca.',
    personal: 'Link jest tylko dla Ciebie: nie przekazuj go innym.',
    signature: 'Zespół {site}',
    minutes: { one: '{n} minutę', few: '{n} minuty', many: '{n} minut', other: '{n} minuty' },
    hours: { one: '{n} godzinę', few: '{n} godziny', many: '{n} godzin', other: '{n} godziny' },
    days: { one: '{n} dzień', few: '{n} dni', many: '{n} dni', other: '{n} dnia' },
    and: '{a} i {b}',
  },
  en: {
    subject: 'Reminder: “{title}” in {left}',
    greeting: 'Hello {name},',
    body: '“{title}” starts in {left}: {start} (Polish time).',
    session: 'This is session {number} of {count}.',
    join: 'Join through your personal link: {url}',
    opensBefore: 'The link works from {opensBefore} before the session starts until it ends.',
    opensAtStart: 'The link works from the start of the session until it ends.',
    personal: 'The link is yours alone: please do not pass it on.',
    signature: 'The {site} team',
    minutes: { one: '{n} minute', few: '{n} minutes', many: '{n} minutes', other: '{n} minutes' },
    hours: { one: '{n} hour', few: '{n} hours', many: '{n} hours', other: '{n} hours' },
    days: { one: '{n} day', few: '{n} days', many: '{n} days', other: '{n} days' },
    and: '{a} and {b}',
  },
} as const;

type Lang = keyof typeof reminderTexts;
type Forms = { one: string; few: string; many: string; other: string };
const rules = { pl: new Intl.PluralRules('pl-PL'), en: new Intl.PluralRules('en-GB') };

const count = (n: number, forms: Forms, lang: Lang) => {
  const rule = rules[lang].select(n) as keyof Forms;
  return (forms[rule] ?? forms.other).replace('{n}', String(n));
};

/**
 * The time left, as a person would say it: minutes under an hour ("40 minut"), hours and minutes under three hours
 * ("1 godzinę i 5 minut"), whole hours under two days ("23 godziny", "25 hours"), whole days beyond.
 */
export function timeLeft(minutes: number, lang: Lang): string {
  const t = reminderTexts[lang];
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return count(m, t.minutes, lang);
  if (m < 180) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0 ? count(h, t.hours, lang) : t.and.replace('{a}', count(h, t.hours, lang)).replace('{b}', count(rest, t.minutes, lang));
  }
  if (m < 2 * 1440) return count(Math.round(m / 60), t.hours, lang);
  return count(Math.round(m / 1440), t.days, lang);
}
