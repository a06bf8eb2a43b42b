/**
 * Messages of the admin's audit trail, dev mailbox and first-admin sign-in. The spec has none of these, so both
 * languages are ours. Every key needs both languages.
 */
export const pl = {
  'audit.invalidQuery': 'Nieprawidłowe parametry zapytania.',
  'audit.invalidPage': 'Numer strony musi być liczbą całkowitą od 1.',
  'audit.invalidType': 'Nieznany rodzaj wpisu. Dozwolone: purchase, refund, campaign, deletion, article, catalogue.',
  'audit.invalidDate': 'Daty podaj w formacie RRRR-MM-DD; data „od” nie może być późniejsza niż „do”.',
  'mailbox.notFound': 'Nie ma takiej wiadomości w skrzynce deweloperskiej.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'audit.invalidQuery': 'Invalid query parameters.',
  'audit.invalidPage': 'The page number must be a whole number from 1.',
  'audit.invalidType': 'Unknown entry type. Allowed: purchase, refund, campaign, deletion, article, catalogue.',
  'audit.invalidDate': 'Give dates as YYYY-MM-DD; the "from" date cannot be later than the "to" date.',
  'mailbox.notFound': 'There is no such message in the development mailbox.',
};
