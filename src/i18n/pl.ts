/** Polish, the default language. Every key here must exist in en.ts (typed, and tested). */
export const pl = {
  'meta.description': 'Warsztaty, treningi i seminaria online z psychoterapii Gestalt w jednym miejscu.',
  'home.tagline': 'Warsztaty, treningi i seminaria online — wszystko w jednym miejscu.',
  'home.explore': 'Eksploruj',
  'home.welcome': 'Witaj w',
  'lang.switchTo': 'English',
  'lang.name': 'Polski',
  'notFound.title': 'Nie znaleziono strony',
  'notFound.text': 'Nie znaleziono strony.',
  'notFound.back': 'Wróć na stronę główną',
  'error.unexpected': 'Wystąpił nieoczekiwany błąd.',
  'error.invalidBody': 'Nieprawidłowe dane żądania.',
  'error.unauthorized': 'Musisz być zalogowany.',
  'error.forbidden': 'Brak dostępu.',
  'error.crossOrigin': 'Żądanie z obcej strony zostało odrzucone.',
  'error.tooManyRequests': 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
  'health.up': 'działa',
  'health.down': 'niedostępna',
} as const;

export type MessageKey = keyof typeof pl;
