/**
 * The words of a product's derived facts (the date line, the Details lines), in both languages: a message
 * catalogue of this module, as the pages, the API and mail all show them (tested for parity).
 */
export const factTexts = {
  pl: {
    date: 'Termin', schedule: 'Godziny pracy', place: 'Miejsce', group: 'Liczba uczestników', price: 'Cena', hours: 'Liczba godzin',
    withBreak: '{from}–{to}, przerwa {breakFrom}–{breakTo}',
    groupRange: 'od {min} do {max} osób',
    towardsCertification: '{hours} do certyfikacji',
  },
  en: {
    date: 'Date', schedule: 'Schedule', place: 'Place', group: 'Participants', price: 'Price', hours: 'Hours',
    withBreak: '{from}–{to}, break {breakFrom}–{breakTo}',
    groupRange: '{min} to {max} people',
    towardsCertification: '{hours} towards certification',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

/** Polish counts take one of three forms: 1 godzina, 2–4 (22–24…) godziny, 5–21 godzin; a fraction takes the second. */
function polish(n: number, [one, few, many]: readonly [string, string, string]): string {
  if (!Number.isInteger(n)) return few;
  if (n === 1) return one;
  const last = n % 10;
  const lastTwo = n % 100;
  return last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14) ? few : many;
}

const number = (n: number, lang: 'pl' | 'en') => new Intl.NumberFormat(lang === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: 2 }).format(n);

/** "25,5 godziny" / "25.5 hours". */
export const hoursText = (hours: number, lang: 'pl' | 'en') => (lang === 'pl'
  ? `${number(hours, lang)} ${polish(hours, ['godzina', 'godziny', 'godzin'])}`
  : `${number(hours, lang)} ${hours === 1 ? 'hour' : 'hours'}`);

/** "3 dni" / "3 days". */
export const daysText = (days: number, lang: 'pl' | 'en') => (lang === 'pl'
  ? `${days} ${days === 1 ? 'dzień' : 'dni'}`
  : `${days} ${days === 1 ? 'day' : 'days'}`);

/** "16 osób" / "16 people", for a group whose least and most are the same. */
export const peopleText = (n: number, lang: 'pl' | 'en') => (lang === 'pl'
  ? `${n} ${polish(n, ['osoba', 'osoby', 'osób'])}`
  : `${n} ${n === 1 ? 'person' : 'people'}`);
