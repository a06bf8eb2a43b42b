/** The combined terms and privacy text (/regulamin, /polityka-prywatnosci, the buy panel's popup), from the facts of spec 1 and 9. */
export type TermsSection = { heading: string; paragraphs: string[] };

export function termsText(lang: 'pl' | 'en', siteName: string): TermsSection[] {
  if (lang === 'pl') {
    return [
      { heading: '1. Postanowienia ogólne', paragraphs: [
        `${siteName} to serwis, w którym instytut szkoleniowy psychoterapii Gestalt sprzedaje dostęp do seminariów, warsztatów i treningów online oraz ich nagrań.`,
        'Regulamin określa zasady zakładania konta, zakupu dostępu, oglądania nagrań, odstąpienia od umowy i składania reklamacji.' ] },
      { heading: '2. Konto', paragraphs: [
        'Do zakupu potrzebne jest konto. Zakładając je, podajesz prawdziwe imię i nazwisko, adres e-mail, numer telefonu oraz hasło. Dane te są wymagane, aby zawrzeć i wykonać umowę.' ] },
      { heading: '3. Ceny i płatności', paragraphs: [
        'Ceny podane w serwisie są cenami brutto. Cena wiążąca jest wyrażona w złotych polskich (PLN); ceny w EUR i USD mają charakter pomocniczy.',
        'Płatność odbywa się kartą przez operatora płatności. Dostęp zostaje przyznany po potwierdzeniu płatności.' ] },
      { heading: '4. Dostęp do materiałów', paragraphs: [
        'Zakupiony dostęp trwa 90 dni od daty spotkania na żywo. Po tym czasie nagranie przestaje być dostępne.',
        'Link do spotkania na żywo i nagranie udostępniamy wyłącznie osobie, która kupiła dostęp; nie wolno ich przekazywać innym.' ] },
      { heading: '5. Odstąpienie od umowy', paragraphs: [
        'Masz prawo odstąpić od umowy w ciągu 14 dni od jej zawarcia bez podania przyczyny.',
        'Prawo odstąpienia wygasa z chwilą rozpoczęcia odtwarzania nagrania lub udziału w spotkaniu, na co wyrażasz zgodę, rozpoczynając odtwarzanie.' ] },
      { heading: '6. Reklamacje', paragraphs: [
        'Reklamacje można zgłaszać przez formularz kontaktowy lub telefonicznie. Odpowiadamy na nie w ciągu 14 dni.' ] },
      { heading: '7. Polityka prywatności', paragraphs: [
        'Administratorem danych osobowych jest instytut prowadzący serwis. Przetwarzamy imię i nazwisko, e-mail, telefon oraz historię zakupów, aby prowadzić konto, realizować zakupy i odpowiadać na wiadomości.',
        'Preferencję języka zapisujemy w pamięci przeglądarki i w pliku cookie; plik cookie sesji służy wyłącznie do logowania.',
        'Masz prawo dostępu do swoich danych, ich poprawienia i usunięcia. Po usunięciu konta zachowujemy jedynie zanonimizowany zapis zakupów wymagany przepisami.' ] },
    ];
  }
  return [
    { heading: '1. General', paragraphs: [
      `${siteName} is a service in which a Gestalt psychotherapy training institute sells access to online seminars, workshops and trainings and their recordings.`,
      'These terms set out the rules for creating an account, buying access, watching recordings, withdrawing from a purchase and making complaints.' ] },
    { heading: '2. Account', paragraphs: [
      'You need an account to buy. When creating it you give your true name, e-mail address, phone number and a password. This data is required to make and perform the contract.' ] },
    { heading: '3. Prices and payment', paragraphs: [
      'Prices shown are gross. The binding price is in Polish zloty (PLN); prices in EUR and USD are for guidance.',
      'Payment is made by card through a payment provider. Access is granted once the payment is confirmed.' ] },
    { heading: '4. Access to the material', paragraphs: [
      'Purchased access lasts 90 days from the date of the live meeting. After that the recording is no longer available.',
      'The live meeting link and the recording are given only to the person who bought access and must not be passed on.' ] },
    { heading: '5. Withdrawal', paragraphs: [
      'You may withdraw from the contract within 14 days of making it, without giving a reason.',
      'The right of withdrawal is lost once playback of the recording or participation in the meeting starts, which you agree to by starting playback.' ] },
    { heading: '6. Complaints', paragraphs: [
      'Complaints can be made through the contact form or by phone. We answer them within 14 days.' ] },
    { heading: '7. Privacy policy', paragraphs: [
      'The controller of personal data is the institute running the service. We process your name, e-mail, phone and purchase history to keep your account, fulfil purchases and answer messages.',
      'Your language preference is kept in the browser’s storage and in a cookie; the session cookie serves only to keep you logged in.',
      'You have the right to access, correct and erase your data. After an account is deleted we keep only the anonymised purchase record the law requires.' ] },
  ];
}
