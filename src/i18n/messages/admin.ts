/**
 * Messages of the admin panel's API (spec 8, Admin): the Polish texts are the spec's; the spec gives no English
 * for them, so the English ones are ours. Keys are prefixed with "admin."; every key needs both languages.
 */
export const pl = {
  'admin.userNotFound': 'Nie znaleziono użytkownika.',
  'admin.cannotDeleteAdmin': 'Nie można usunąć konta administratora.',
  'admin.deleteFailed': 'Błąd podczas usuwania.',
  'admin.articleAddFailed': 'Nie udało się dodać artykułu.',
  'admin.articleDeleteFailed': 'Nie udało się usunąć artykułu.',
  'admin.loadFailed': 'Nie udało się pobrać danych.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'admin.userNotFound': 'User not found.',
  'admin.cannotDeleteAdmin': 'An administrator account cannot be deleted.',
  'admin.deleteFailed': 'Error while deleting.',
  'admin.articleAddFailed': 'Failed to add the article.',
  'admin.articleDeleteFailed': 'Failed to delete the article.',
  'admin.loadFailed': 'Failed to load data.',
};
