/**
 * The product editor's structured facts (issue 21): the server's message for each kind of mistake in a field, and the
 * audit trail's names of the new fields.
 */
export const pl = {
  'catalogue.fieldRequired': 'Wypełnij to pole.',
  'catalogue.fieldTooLong': 'Ten tekst jest za długi.',
  'catalogue.fieldPrice': 'Cena musi być liczbą całkowitą większą od zera.',
  'catalogue.fieldHeadcount': 'Podaj liczbę całkowitą od 1 do 10 000.',
  'catalogue.fieldGroupOrder': 'Najmniejsza liczba uczestników nie może być większa od największej.',
  'catalogue.fieldClock': 'Podaj godzinę w postaci GG:MM.',
  'catalogue.fieldDailyEnd': 'Koniec dnia musi być później niż godzina rozpoczęcia.',
  'catalogue.fieldBreak': 'Przerwa musi mieścić się w godzinach pracy, a jej początek być przed końcem.',
  'catalogue.fieldDays': 'Liczba dni: liczba całkowita od 1 do 60.',
  'catalogue.fieldHours': 'Liczba godzin: liczba większa od zera (np. 25,5) albo puste pole.',
  'catalogue.fieldJoinMinutes': 'Podaj liczbę minut od 0 do 1440.',
  'catalogue.productStartPast': 'Początek wydarzenia nie może być w przeszłości.',
  'catalogue.editionStartMissing': 'Podaj początek nowej edycji.',
  'audit.field.days': 'liczba dni',
  'audit.field.dailyEnd': 'koniec dnia',
  'audit.field.breakTime': 'przerwa',
  'audit.field.place': 'miejsce',
  'audit.field.hours': 'godziny do certyfikacji',
  'audit.field.joinOpensMinutes': 'pojawienie się przycisku „Dołącz”',
  'audit.field.details': 'dodatkowe szczegóły',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'catalogue.fieldRequired': 'Fill in this field.',
  'catalogue.fieldTooLong': 'This text is too long.',
  'catalogue.fieldPrice': 'The price must be a whole number above zero.',
  'catalogue.fieldHeadcount': 'Give a whole number from 1 to 10,000.',
  'catalogue.fieldGroupOrder': 'The least number of participants cannot be above the most.',
  'catalogue.fieldClock': 'Give a time as HH:MM.',
  'catalogue.fieldDailyEnd': 'The day must end later than it starts.',
  'catalogue.fieldBreak': 'The break must lie within the working hours, its start before its end.',
  'catalogue.fieldDays': 'Number of days: a whole number from 1 to 60.',
  'catalogue.fieldHours': 'Hours: a number above zero (e.g. 25.5), or leave it empty.',
  'catalogue.fieldJoinMinutes': 'Give a number of minutes from 0 to 1440.',
  'catalogue.productStartPast': 'The event cannot start in the past.',
  'catalogue.editionStartMissing': 'Give the new edition\'s start.',
  'audit.field.days': 'number of days',
  'audit.field.dailyEnd': 'end of day',
  'audit.field.breakTime': 'break',
  'audit.field.place': 'place',
  'audit.field.hours': 'certification hours',
  'audit.field.joinOpensMinutes': 'when Join appears',
  'audit.field.details': 'more details',
};
