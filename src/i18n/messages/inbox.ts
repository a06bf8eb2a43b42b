/** The API's messages about the admin's inbox of contact-form messages (the spec has none; both ours). */
export const pl = {
  'inbox.notFound': 'Nie ma takiej wiadomości.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'inbox.notFound': 'There is no such message.',
};
