/** Recordings (issue 26): the upload's refusals, the player and resume positions. */
export const pl = {
  'upload.lengthRequired': 'Wysyłanie wymaga znanego rozmiaru pliku.',
  'upload.empty': 'Ten plik jest pusty (0 bajtów). Wybierz plik z nagraniem.',
  'upload.tooLarge': 'Plik jest za duży: nagranie może mieć najwyżej 20 GB.',
  'upload.unknownProduct': 'Nie ma takiego wydarzenia w katalogu.',
  'upload.failed': 'Nie udało się przyjąć pliku. Spróbuj ponownie.',
  'player.positionInvalid': 'Nieprawidłowe miejsce w nagraniu.',
  'player.notOwned': 'To nagranie nie jest dostępne na Twoim koncie.',
  'player.quality': 'Jakość',
  'player.qualityAuto': 'Automatyczna',
  'player.audioOnly': 'Tylko dźwięk',
  'player.resumedAt': 'Wznowiono od {time}.',
  'player.fromStart': 'Od początku',
  'myRecordings.watched': 'obejrzano {percent}%',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'upload.lengthRequired': 'An upload needs the size of the file to be known.',
  'upload.empty': 'This file is empty (0 bytes). Choose the file of the recording.',
  'upload.tooLarge': 'The file is too large: a recording may be at most 20 GB.',
  'upload.unknownProduct': 'There is no such event in the catalogue.',
  'upload.failed': 'The file could not be taken. Please try again.',
  'player.positionInvalid': 'Invalid position in the recording.',
  'player.notOwned': 'This recording is not available on your account.',
  'player.quality': 'Quality',
  'player.qualityAuto': 'Automatic',
  'player.audioOnly': 'Audio only',
  'player.resumedAt': 'Resumed at {time}.',
  'player.fromStart': 'From the start',
  'myRecordings.watched': '{percent}% watched',
};
