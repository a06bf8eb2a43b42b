/** The API's messages of the admin's inbox, users search and mass e-mail test (the spec has none of these; both languages ours). */
export const pl = {
  'inbox.notFound': 'Nie ma takiej wiadomości.',
  'usersSearch.tooLong': 'Wyszukiwany tekst może mieć najwyżej 100 znaków.',
  'campaigns.noAdminAddress': 'Twoje konto nie ma adresu e-mail, na który można wysłać test.',
  'campaigns.testSent': 'Wysłano wiadomość testową na adres {email}.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'inbox.notFound': 'There is no such message.',
  'usersSearch.tooLong': 'The search text may have at most 100 characters.',
  'campaigns.noAdminAddress': 'Your account has no e-mail address to send the test to.',
  'campaigns.testSent': 'A test message was sent to {email}.',
};
