/** The page every address answers while the server is in maintenance (src/server/maintenance.ts, issue 35). */
export const pl = {
  'maintenance.title': 'Przerwa techniczna',
  'maintenance.text': 'Serwis jest chwilowo niedostępny: trwają prace techniczne. Twoje dane są bezpieczne.',
  'maintenance.retry': 'Spróbuj ponownie za kilka minut.',
  'maintenance.admin': 'Administratorze: przyczynę i co zrobić podają adres /healthz i dziennik serwera.',
  'maintenance.api': 'Serwis jest w trakcie prac technicznych. Spróbuj ponownie za kilka minut.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'maintenance.title': 'Down for maintenance',
  'maintenance.text': 'The site is unavailable for a while: maintenance is under way. Your data is safe.',
  'maintenance.retry': 'Please try again in a few minutes.',
  'maintenance.admin': 'Administrator: /healthz and the server log say why and what to do.',
  'maintenance.api': 'The site is down for maintenance. Please try again in a few minutes.',
};
