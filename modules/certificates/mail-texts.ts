/** The mail that carries a certificate to its holder, in both languages (tested for parity). */
export const certificateMailTexts = {
  pl: {
    subject: 'Zaświadczenie {number}: {title}',
    greeting: 'Dzień dobry,',
    body: 'w załączniku przesyłamy zaświadczenie {number} o udziale w szkoleniu „{title}” ({hours}).',
    verify: 'Każdy może sprawdzić jego ważność pod adresem {url}',
    download: 'Zaświadczenie możesz też pobrać w zakładce Moje nagrania: {library}',
    signature: 'Zespół {site}',
  },
  en: {
    subject: 'Certificate {number}: {title}',
    greeting: 'Hello,',
    body: 'please find attached certificate {number} of your attendance at “{title}” ({hours}).',
    verify: 'Anyone can verify it at {url}',
    download: 'You can also download it from My Recordings: {library}',
    signature: 'The {site} team',
  },
} as const;
