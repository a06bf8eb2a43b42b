/**
 * Attendance and hours towards a certificate (issue 25): the server's refusals of the admin's ticks and of a
 * participant report's import, the product editor's hours fields, and the audit trail's names of those fields.
 */
export const pl = {
  'catalogue.fieldSessionHours': 'Godziny spotkania: od 0 do długości spotkania, w ćwiartkach godziny (np. 6,5).',
  'catalogue.fieldCertificateHours': 'Minimum godzin do certyfikatu: od 0,5 do sumy godzin wszystkich spotkań, albo puste pole (wszystkie spotkania).',
  'audit.field.sessionHours': 'godziny spotkań',
  'audit.field.certificateMinHours': 'minimum godzin do certyfikatu',
  'attendance.unknownSession': 'To wydarzenie nie ma takiego spotkania.',
  'attendance.unknownPurchase': 'Ta osoba nie jest uczestnikiem tego wydarzenia.',
  'attendance.assignInvalid': 'Przypisanie dotyczy osoby, której nie ma w raporcie. Wczytaj podgląd ponownie.',
  'attendance.minutesTooMany': 'Liczba minut ({minutes}) jest większa niż długość spotkania ({limit} min). Niczego nie zapisano.',
  'attendance.reportTooLong': '{name}: {minutes} min w raporcie, a spotkanie trwa {limit} min. Popraw raport lub przypisania; niczego nie zapisano.',
  'attendance.reportHeader': 'To nie wygląda na raport uczestników. Oczekiwane kolumny: {expected}.',
  'attendance.reportEncoding': 'Plik zaczyna się znacznikiem UTF-8, ale nie jest poprawnym tekstem UTF-8.',
  'attendance.reportRow': 'Wiersz {line}: czas trwania nie jest liczbą minut. Niczego nie zapisano.',
  'attendance.reportEmpty': 'Raport nie zawiera żadnych uczestników.',
  'attendance.reportTooLarge': 'Plik jest za duży (najwyżej {limit}).',
  'attendance.reportTooManyRows': 'Raport ma za dużo wierszy (najwyżej {limit}).',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'catalogue.fieldSessionHours': 'Session hours: from 0 to the session\'s length, in quarters of an hour (e.g. 6.5).',
  'catalogue.fieldCertificateHours': 'Minimum hours for a certificate: from 0.5 to all the sessions\' hours, or leave it empty (every session).',
  'audit.field.sessionHours': 'session hours',
  'audit.field.certificateMinHours': 'minimum hours for a certificate',
  'attendance.unknownSession': 'This event has no such session.',
  'attendance.unknownPurchase': 'This person is not an attendee of this event.',
  'attendance.assignInvalid': 'An assignment names a person who is not in the report. Load the preview again.',
  'attendance.minutesTooMany': 'The minutes ({minutes}) are more than the session lasts ({limit} min). Nothing was saved.',
  'attendance.reportTooLong': '{name}: {minutes} min in the report, but the session lasts {limit} min. Correct the report or the assignments; nothing was saved.',
  'attendance.reportHeader': 'This does not look like a participant report. Expected columns: {expected}.',
  'attendance.reportEncoding': 'The file starts with a UTF-8 mark but is not valid UTF-8 text.',
  'attendance.reportRow': 'Row {line}: the duration is not a number of minutes. Nothing was saved.',
  'attendance.reportEmpty': 'The report lists no participants.',
  'attendance.reportTooLarge': 'The file is too large (at most {limit}).',
  'attendance.reportTooManyRows': 'The report has too many rows (at most {limit}).',
};
