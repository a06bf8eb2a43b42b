/** The API's messages about the admin's inbox of contact-form messages and the users search (the spec has none; both ours). */
export const pl = {
  'inbox.notFound': 'Nie ma takiej wiadomości.',
  'usersSearch.tooLong': 'Wyszukiwany tekst może mieć najwyżej 100 znaków.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'inbox.notFound': 'There is no such message.',
  'usersSearch.tooLong': 'The search text may have at most 100 characters.',
};
