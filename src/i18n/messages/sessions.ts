/**
 * A product's sessions and capacity (issue 24): the server's message for each refusal beside its field, the audit
 * trail's names of the fields, and the sessions list of the purchase and watch pages.
 */
export const pl = {
  'catalogue.fieldSession': 'Podaj datę oraz godzinę początku i końca spotkania.',
  'catalogue.fieldCapacity': 'Liczba miejsc: liczba całkowita od 1 albo puste pole (bez limitu).',
  'catalogue.sessionsMissing': 'Dodaj co najmniej jedno spotkanie.',
  'catalogue.sessionEndsFirst': 'Spotkanie musi kończyć się później, niż się zaczyna.',
  'catalogue.sessionsOverlap': 'To spotkanie nakłada się na inne.',
  'catalogue.capacityBelowSold': 'Liczba miejsc nie może być mniejsza niż liczba już sprzedanych miejsc.',
  'catalogue.remindersCount': 'Podaj od 1 do 10 przypomnień.',
  'catalogue.fieldReminder': 'Przypomnienie: liczba całkowita minut przed spotkaniem, od 1 do 43200 (30 dni).',
  'catalogue.reminderDuplicate': 'To przypomnienie już jest na liście.',
  'audit.field.sessions': 'spotkania',
  'audit.field.capacity': 'liczba miejsc',
  'catalogue.fieldOfferHours': 'Czas oferty z listy oczekujących: liczba całkowita godzin od 1 do 336 (14 dni).',
  'audit.field.offerHours': 'czas oferty z listy oczekujących',
  'audit.field.reminderOffsets': 'przypomnienia',
  'catalogue.sessions.title': 'Harmonogram spotkań',
  'catalogue.sessions.item': '{weekday}, {date}, {from}–{to}',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'catalogue.fieldSession': 'Give the session\'s date and its start and end times.',
  'catalogue.fieldCapacity': 'Seats: a whole number from 1, or leave it empty (no limit).',
  'catalogue.sessionsMissing': 'Add at least one session.',
  'catalogue.sessionEndsFirst': 'A session must end later than it starts.',
  'catalogue.sessionsOverlap': 'This session overlaps another one.',
  'catalogue.capacityBelowSold': 'The seats cannot be fewer than the seats already sold.',
  'catalogue.remindersCount': 'Give from 1 to 10 reminders.',
  'catalogue.fieldReminder': 'A reminder: a whole number of minutes before the session, from 1 to 43200 (30 days).',
  'catalogue.reminderDuplicate': 'This reminder is already on the list.',
  'audit.field.sessions': 'sessions',
  'audit.field.capacity': 'seats',
  'catalogue.fieldOfferHours': 'Waiting list offer: a whole number of hours from 1 to 336 (14 days).',
  'audit.field.offerHours': 'waiting list offer length',
  'audit.field.reminderOffsets': 'reminders',
  'catalogue.sessions.title': 'Sessions',
  'catalogue.sessions.item': '{weekday}, {date}, {from}–{to}',
};
