/**
 * The mail telling a buyer their event's schedule changed, in both languages (tested for parity). Times are Polish
 * time: `{from}` and `{to}` are a session's date and hours on Warsaw's clock.
 */
export const scheduleChangeTexts = {
  pl: {
    subject: 'Zmiana harmonogramu: „{title}”',
    greeting: 'Dzień dobry {name},',
    intro: 'zmieniliśmy harmonogram wydarzenia „{title}”, na które masz miejsce (czas polski):',
    moved: '• Spotkanie {number} z {count}: było {from}, teraz {to}.',
    removed: '• Odwołane spotkanie: {from}.',
    added: '• Nowe spotkanie {number} z {count}: {to}.',
    span: '{day}–{end}',
    calendarUpdate: 'W załączeniu zaktualizowane wydarzenia: po otwarciu kalendarz przeniesie je na nowe terminy.',
    calendarCancel: 'W załączeniu odwołanie: po otwarciu kalendarz usunie odwołane spotkanie.',
    reminders: 'Przypomnienia z osobistym linkiem do spotkania przyjdą przed nowymi terminami.',
    join: 'Twój osobisty link do spotkań: {url}',
    watch: 'Strona wydarzenia: {url}',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'Schedule change: “{title}”',
    greeting: 'Hello {name},',
    intro: 'we have changed the schedule of “{title}”, where you have a place (Polish time):',
    moved: '• Session {number} of {count}: was {from}, now {to}.',
    removed: '• Cancelled session: {from}.',
    added: '• New session {number} of {count}: {to}.',
    span: '{day}–{end}',
    calendarUpdate: 'The updated calendar entries are attached: your calendar moves them to the new times when you open them.',
    calendarCancel: 'The cancellation is attached: your calendar removes the cancelled session when you open it.',
    reminders: 'Reminders with your personal meeting link will come before the new times.',
    join: 'Your personal meeting link: {url}',
    watch: 'The event page: {url}',
    signature: 'The {site} team',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;
