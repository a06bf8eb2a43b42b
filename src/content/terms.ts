/** The combined terms and privacy text (/regulamin, /polityka-prywatnosci, the buy panel's popup), from the facts of spec 1 and 9. */
export type TermsSection = { heading: string; paragraphs: string[] };

/**
 * The terms' version, named in every purchase confirmation (which carries the text in full): a change of the text
 * below is a new version, so a buyer's mail always says which terms they bought under.
 */
export const TERMS_VERSION = '2026-11-26';

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
        'Masz prawo odstąpić od umowy w ciągu 14 dni od jej zawarcia bez podania przyczyny. Termin liczymy według czasu polskiego: kończy się o północy po 14. dniu od dnia zakupu.',
        'Jeśli wydarzenie na żywo zaczyna się przed upływem tego terminu, przy zakupie żądasz rozpoczęcia usługi wcześniej. Gdy odstąpisz od umowy po jej rozpoczęciu, zapłacisz za część usługi wykonaną do chwili odstąpienia; po pełnym wykonaniu usługi prawo odstąpienia wygasa.',
        'Jeśli zakup obejmuje nagranie, przy zakupie zgadzasz się na jego dostarczenie przed upływem terminu i przyjmujesz do wiadomości, że z chwilą rozpoczęcia odtwarzania tracisz prawo odstąpienia od umowy. Same zgody nie odbierają tego prawa: tracisz je dopiero z chwilą rozpoczęcia odtwarzania nagrania lub po pełnym wykonaniu usługi.',
        'Treść zgód, ostatni dzień terminu, link do odstąpienia od umowy i wzór formularza odstąpienia otrzymasz w e-mailu potwierdzającym zakup. Od umowy odstąpisz przyciskiem „Odstąp od umowy tutaj” w Moich nagraniach, przez link z tego e-maila albo wysyłając nam oświadczenie. Płatność zwrócimy w ciągu 14 dni tą samą metodą.' ] },
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
      'You may withdraw from the contract within 14 days of making it, without giving a reason. The period is counted in Polish time: it ends at midnight after the 14th day following the day of purchase.',
      'If the live event starts before that period ends, you ask at purchase for the service to start early. If you withdraw after it has started, you pay for the part of the service provided until you withdraw; once the service has been fully performed, the right of withdrawal ends.',
      'If the purchase includes a recording, you consent at purchase to receiving it before the period ends and acknowledge that you lose the right of withdrawal once playback starts. The consents alone do not take that right away: you lose it only once playback of the recording starts or the service has been fully performed.',
      'The confirmation e-mail of your purchase gives the consents word for word, the last day of the period, a link to withdraw and the model withdrawal form. You can withdraw with the “Withdraw from contract here” button in My Recordings, through the link in that e-mail, or by sending us a statement. We refund the payment within 14 days by the same method.' ] },
    { heading: '6. Complaints', paragraphs: [
      'Complaints can be made through the contact form or by phone. We answer them within 14 days.' ] },
    { heading: '7. Privacy policy', paragraphs: [
      'The controller of personal data is the institute running the service. We process your name, e-mail, phone and purchase history to keep your account, fulfil purchases and answer messages.',
      'Your language preference is kept in the browser’s storage and in a cookie; the session cookie serves only to keep you logged in.',
      'You have the right to access, correct and erase your data. After an account is deleted we keep only the anonymised purchase record the law requires.' ] },
  ];
}
