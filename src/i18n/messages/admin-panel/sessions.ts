/** The product editor's sessions and seats (issue 24). */
export const pl = {
  'adminPanel.sessions.title': 'Spotkania (czas warszawski)',
  'adminPanel.sessions.date': 'Spotkanie {n}: data',
  'adminPanel.sessions.from': 'Od',
  'adminPanel.sessions.to': 'Do',
  'adminPanel.sessions.remove': 'Usuń spotkanie {n}',
  'adminPanel.sessions.add': 'Dodaj spotkanie',
  'adminPanel.sessions.capacity': 'Liczba miejsc (puste: bez limitu)',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'adminPanel.sessions.title': 'Sessions (Warsaw time)',
  'adminPanel.sessions.date': 'Session {n}: date',
  'adminPanel.sessions.from': 'From',
  'adminPanel.sessions.to': 'To',
  'adminPanel.sessions.remove': 'Remove session {n}',
  'adminPanel.sessions.add': 'Add a session',
  'adminPanel.sessions.capacity': 'Seats (empty: no limit)',
};
