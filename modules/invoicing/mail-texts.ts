/** The mail that carries an invoice or a correction to its buyer, in both languages (tested for parity). */
export const invoiceMailTexts = {
  pl: {
    invoiceSubject: 'Faktura {number}',
    correctionSubject: 'Faktura korygująca {number}',
    greeting: 'Dzień dobry,',
    invoiceBody: 'w załączniku przesyłamy fakturę {number} za „{title}”.',
    correctionBody: 'w załączniku przesyłamy fakturę korygującą {number} do faktury {original} za „{title}”.',
    download: 'Fakturę możesz też pobrać w zakładce Moje nagrania: {url}',
    signature: 'Zespół {site}',
  },
  en: {
    invoiceSubject: 'Invoice {number}',
    correctionSubject: 'Correction invoice {number}',
    greeting: 'Hello,',
    invoiceBody: 'please find attached invoice {number} for “{title}”.',
    correctionBody: 'please find attached correction invoice {number} to invoice {original} for “{title}”.',
    download: 'You can also download it from My Recordings: {url}',
    signature: 'The {site} team',
  },
} as const;
