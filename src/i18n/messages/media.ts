/** Messages of uploads (pictures, preview videos) and of facilitators as the API answers them; every key needs both languages. */
export const pl = {
  'media.tooLarge': 'Plik jest za duży: najwyżej 20 MB.',
  'media.empty': 'Plik jest pusty.',
  'media.svg': 'Pliki SVG nie są przyjmowane (mogą zawierać skrypty). Wyślij zdjęcie JPEG, PNG, WebP lub AVIF.',
  'media.heic': 'Zdjęcia HEIC (z iPhone’a) nie są przyjmowane. Zapisz zdjęcie jako JPEG (np. przez Eksportuj w aplikacji Zdjęcia) i wyślij je ponownie.',
  'media.notImage': 'To nie jest obraz. Wyślij zdjęcie JPEG, PNG, WebP, AVIF lub GIF.',
  'media.notVideo': 'To nie jest film. Wyślij krótki film MP4 lub WebM.',
  'media.tooManyPixels': 'Obraz ma za dużo pikseli: najwyżej {max} megapikseli.',
  'media.unreadable': 'Nie da się odczytać tego obrazu: plik jest uszkodzony lub niepełny.',
  'facilitators.notFound': 'Nie ma takiej osoby prowadzącej.',
  'facilitators.inUse': 'Nie można usunąć: tę osobę wybrano w wydarzeniach: {products}.',
  'facilitators.orderStale': 'Lista prowadzących zmieniła się w międzyczasie. Odśwież i spróbuj ponownie.',
  'facilitators.invalid': 'Podaj imię i nazwisko osoby prowadzącej.',
  'facilitators.photoInvalid': 'Dodaj zdjęcie osoby prowadzącej.',
  'facilitators.textInvalid': 'Rola może mieć najwyżej 300 znaków, opis 5000 znaków w każdym języku.',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'media.tooLarge': 'The file is too large: 20 MB at most.',
  'media.empty': 'The file is empty.',
  'media.svg': 'SVG files are not accepted (they can carry scripts). Send a JPEG, PNG, WebP or AVIF picture.',
  'media.heic': 'HEIC photos (from an iPhone) are not accepted. Save the photo as JPEG (for example with Export in Photos) and send it again.',
  'media.notImage': 'This is not a picture. Send a JPEG, PNG, WebP, AVIF or GIF picture.',
  'media.notVideo': 'This is not a video. Send a short MP4 or WebM video.',
  'media.tooManyPixels': 'The picture has too many pixels: {max} megapixels at most.',
  'media.unreadable': 'This picture cannot be read: the file is damaged or incomplete.',
  'facilitators.notFound': 'No such facilitator.',
  'facilitators.inUse': 'Cannot delete: this person is chosen in these events: {products}.',
  'facilitators.orderStale': 'The list of facilitators changed in the meantime. Reload and try again.',
  'facilitators.invalid': 'Give the facilitator’s name.',
  'facilitators.photoInvalid': 'Add the facilitator’s photo.',
  'facilitators.textInvalid': 'The role may have 300 characters at most, the bio 5000 in each language.',
};
