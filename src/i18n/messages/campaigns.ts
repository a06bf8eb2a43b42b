/**
 * Mass e-mail (admin API) and the unsubscribe page. The Polish validation and failure texts are the spec's (section 8);
 * the rest, and all English, are ours. Keys are prefixed "campaigns." or "unsubscribe."; every key needs both languages.
 */
export const pl = {
  'campaigns.started': 'E-mail jest wysyłany.',
  'campaigns.empty': 'Tytuł i treść e-maila nie mogą być puste.',
  'campaigns.failed': 'Błąd podczas wysyłania e-maila.',
  'campaigns.notFound': 'Nie znaleziono wysyłki.',
  'unsubscribe.title': 'Wypisanie z wiadomości',
  'unsubscribe.question': 'Czy na pewno nie chcesz więcej otrzymywać od nas wiadomości e-mail z informacjami i zaproszeniami?',
  'unsubscribe.keeps': 'Wiadomości dotyczące Twojego konta i zakupów (np. potwierdzenia, reset hasła) nadal będą wysyłane.',
  'unsubscribe.confirm': 'Wypisz mnie',
  'unsubscribe.done': 'Wypisano Cię z naszych wiadomości. Nie otrzymasz kolejnych.',
  'unsubscribe.back': 'Wróć na stronę główną',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'campaigns.started': 'The e-mail is being sent.',
  'campaigns.empty': 'The e-mail subject and body cannot be empty.',
  'campaigns.failed': 'Error while sending the e-mail.',
  'campaigns.notFound': 'Mailing not found.',
  'unsubscribe.title': 'Unsubscribe',
  'unsubscribe.question': 'Do you really want to stop receiving our e-mails with news and invitations?',
  'unsubscribe.keeps': 'Messages about your account and purchases (e.g. confirmations, password resets) will still be sent.',
  'unsubscribe.confirm': 'Unsubscribe me',
  'unsubscribe.done': 'You are unsubscribed from our messages. You will not receive any more.',
  'unsubscribe.back': 'Back to the home page',
};
