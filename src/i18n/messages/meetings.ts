/** The personal join link's page (issue 24): its refusals and "not open yet", in the caller's language. */
export const pl = {
  'join.title': 'Dołącz do spotkania',
  'join.linkInvalid': 'Ten link do spotkania jest nieprawidłowy. Skorzystaj z linku z wiadomości lub ze strony wydarzenia.',
  'join.notYours': 'Ten link do spotkania należy do innej osoby. Wyloguj się albo zaloguj na konto, na które kupiono dostęp.',
  'join.ended': 'Ten zakup nie daje już dostępu do spotkania (zwrot, odstąpienie od umowy lub koniec dostępu).',
  'join.noMeeting': 'To wydarzenie nie ma spotkania na żywo.',
  'join.over': 'Spotkanie już się zakończyło.',
  'join.notOpen': 'Dołączyć można od {opensAt} (czasu polskiego). Spotkanie zaczyna się {start}.',
  'join.notOpenHint': 'Wróć przez ten sam link, gdy nadejdzie pora.',
  'join.confirm': 'Sesja zaczyna się {start} (czasu polskiego). Spotkanie jest otwarte.',
  'join.confirmButton': 'Dołącz teraz',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'join.title': 'Join the meeting',
  'join.linkInvalid': 'This meeting link is not valid. Please use the link from your e-mail or from the event page.',
  'join.notYours': 'This meeting link belongs to someone else. Sign out, or sign in with the account that bought access.',
  'join.ended': 'This purchase no longer gives access to the meeting (refunded, withdrawn or access ended).',
  'join.noMeeting': 'This event has no live meeting.',
  'join.over': 'The meeting has ended.',
  'join.notOpen': 'You can join from {opensAt} (Polish time). The meeting starts {start}.',
  'join.notOpenHint': 'Come back through the same link when it is time.',
  'join.confirm': 'The session starts {start} (Polish time). The meeting is open.',
  'join.confirmButton': 'Join now',
};
