/** The product editor's sessions and seats (issue 24). */
export const pl = {
  'adminPanel.sessions.title': 'Spotkania (czas warszawski)',
  'adminPanel.sessions.date': 'Spotkanie {n}: data',
  'adminPanel.sessions.from': 'Od',
  'adminPanel.sessions.to': 'Do',
  'adminPanel.sessions.remove': 'Usuń spotkanie {n}',
  'adminPanel.sessions.add': 'Dodaj spotkanie',
  'adminPanel.sessions.capacity': 'Liczba miejsc (puste: bez limitu)',
  'adminPanel.sessions.offerHours': 'Ile godzin zwolnione miejsce czeka na osobę z listy oczekujących',
  'adminPanel.reminders.title': 'Przypomnienia przed każdym spotkaniem',
  'adminPanel.reminders.hint': 'W minutach przed początkiem: 1440 to doba, 60 to godzina. Kupujący dostaje każde z nich z osobistym linkiem do spotkania.',
  'adminPanel.reminders.item': 'Przypomnienie {n}: minut przed',
  'adminPanel.reminders.remove': 'Usuń przypomnienie {n}',
  'adminPanel.reminders.add': 'Dodaj przypomnienie',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'adminPanel.sessions.title': 'Sessions (Warsaw time)',
  'adminPanel.sessions.date': 'Session {n}: date',
  'adminPanel.sessions.from': 'From',
  'adminPanel.sessions.to': 'To',
  'adminPanel.sessions.remove': 'Remove session {n}',
  'adminPanel.sessions.add': 'Add a session',
  'adminPanel.sessions.capacity': 'Seats (empty: no limit)',
  'adminPanel.sessions.offerHours': 'Hours a freed seat waits for the next person on the waiting list',
  'adminPanel.reminders.title': 'Reminders before each session',
  'adminPanel.reminders.hint': 'In minutes before the start: 1440 is a day, 60 an hour. Each buyer gets every one with their personal meeting link.',
  'adminPanel.reminders.item': 'Reminder {n}: minutes before',
  'adminPanel.reminders.remove': 'Remove reminder {n}',
  'adminPanel.reminders.add': 'Add a reminder',
};
