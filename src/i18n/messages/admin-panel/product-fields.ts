/** The product editor's structured facts (issue 21) and the new-edition dialog of the catalogue section. */
export const pl = {
  'adminPanel.catalogue.days': 'Liczba dni',
  'adminPanel.catalogue.dailyEnd': 'Koniec każdego dnia (czas warszawski)',
  'adminPanel.catalogue.breakFrom': 'Przerwa od (opcjonalnie)',
  'adminPanel.catalogue.breakTo': 'Przerwa do (opcjonalnie)',
  'adminPanel.catalogue.place': 'Miejsce (opcjonalnie)',
  'adminPanel.catalogue.hours': 'Godziny do certyfikacji (opcjonalnie)',
  'adminPanel.catalogue.joinOpensMinutes': 'Przycisk „Dołącz” pojawia się tyle minut przed początkiem',
  'adminPanel.catalogue.extraDetails': 'Dodatkowe szczegóły (opcjonalnie): tylko to, czego nie mówią pola powyżej, np. zakwaterowanie',
  'adminPanel.catalogue.fixFields': 'Popraw zaznaczone pola.',
  'adminPanel.catalogue.duplicate': 'Nowa edycja',
  'adminPanel.catalogue.duplicateNamed': 'Nowa edycja: {title}',
  'adminPanel.catalogue.editionStart': 'Początek nowej edycji (czas warszawski)',
  'adminPanel.catalogue.duplicateSubmit': 'Utwórz nową edycję',
  'adminPanel.catalogue.duplicated': 'Utworzono nową edycję (ukrytą). Sprawdź ją i opublikuj.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'adminPanel.catalogue.days': 'Number of days',
  'adminPanel.catalogue.dailyEnd': 'Each day ends at (Warsaw time)',
  'adminPanel.catalogue.breakFrom': 'Break from (optional)',
  'adminPanel.catalogue.breakTo': 'Break until (optional)',
  'adminPanel.catalogue.place': 'Place (optional)',
  'adminPanel.catalogue.hours': 'Hours towards certification (optional)',
  'adminPanel.catalogue.joinOpensMinutes': 'The Join button appears this many minutes before the start',
  'adminPanel.catalogue.extraDetails': 'More details (optional): only what the fields above do not say, e.g. accommodation',
  'adminPanel.catalogue.fixFields': 'Correct the marked fields.',
  'adminPanel.catalogue.duplicate': 'New edition',
  'adminPanel.catalogue.duplicateNamed': 'New edition: {title}',
  'adminPanel.catalogue.editionStart': 'Start of the new edition (Warsaw time)',
  'adminPanel.catalogue.duplicateSubmit': 'Create the new edition',
  'adminPanel.catalogue.duplicated': 'The new edition was created (hidden). Check it and publish it.',
};
