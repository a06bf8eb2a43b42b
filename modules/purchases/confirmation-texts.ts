/**
 * The purchase confirmation, the durable medium of a distance contract (ustawa o prawach konsumenta Art. 21 ust. 1;
 * Directive 2011/83/EU Art. 8(7)), in both languages: a message catalogue of this module, tested for parity.
 * The consents it quotes come from the purchase's events, never from here.
 */
export const confirmationTexts = {
  pl: {
    subject: 'Potwierdzenie zakupu: {title}',
    greeting: 'Dzień dobry {name},',
    thanks: 'dziękujemy za zakup. Twój dostęp jest aktywny.',
    when: 'Termin: {date} (czas polski)',
    amount: 'Kwota: {amount}',
    purchased: 'Data zakupu: {purchased} (czas polski)',
    reference: 'Numer zakupu: {purchaseId}',
    watch: 'Oglądaj tutaj: {url}',
    join: 'Dołącz do spotkania na żywo przez swój osobisty link (nie przekazuj go innym): {joinUrl}',
    access: 'Dostęp trwa do {until}.',
    consentsHeading: 'Zgody wyrażone przy zakupie, słowo w słowo:',
    consentsNone: 'Przy tym zakupie nie wyrażono zgody na rozpoczęcie usługi ani dostarczenie nagrania przed upływem terminu do odstąpienia od umowy.',
    withdrawal: 'Możesz odstąpić od umowy bez podania przyczyny do {lastDay} włącznie (czas polski).',
    withdrawalRecording: 'Ponieważ przy zakupie wyrażono zgodę na wcześniejsze dostarczenie nagrania, prawo odstąpienia wygasa wcześniej: z chwilą pierwszego otwarcia nagrania.',
    withdrawalService: 'Ponieważ przy zakupie zażądano rozpoczęcia usługi przed upływem terminu, po jej rozpoczęciu odstąpienie oznacza zapłatę za część usługi wykonaną do chwili odstąpienia, a po jej pełnym wykonaniu prawo odstąpienia wygasa.',
    withdrawalLink: 'Odstąp od umowy tutaj: {withdrawUrl}',
    terms: 'Zakup podlega regulaminowi w wersji {termsVersion}; jego pełną treść załączamy do tej wiadomości ({termsFile}).',
    calendar: 'W załączniku znajdziesz wydarzenie do dodania do kalendarza.',
    signature: 'Zespół {site}',
    termsFile: 'regulamin-{termsVersion}.txt',
  },
  en: {
    subject: 'Purchase confirmation: {title}',
    greeting: 'Hello {name},',
    thanks: 'thank you for your purchase. Your access is active.',
    when: 'When: {date} (Polish time)',
    amount: 'Amount: {amount}',
    purchased: 'Purchased: {purchased} (Polish time)',
    reference: 'Purchase number: {purchaseId}',
    watch: 'Watch here: {url}',
    join: 'Join the live meeting through your personal link (please do not pass it on): {joinUrl}',
    access: 'Access lasts until {until}.',
    consentsHeading: 'The consents you gave at purchase, word for word:',
    consentsNone: 'With this purchase you gave no consent to start the service or receive the recording before the withdrawal period ends.',
    withdrawal: 'You may withdraw from the contract without giving a reason until the end of {lastDay} (Polish time).',
    withdrawalRecording: 'Since you consented to receiving the recording early, the right of withdrawal ends sooner: when you first open the recording.',
    withdrawalService: 'Since you asked for the service to start within the period, withdrawing after it has started means paying for the part provided until you withdraw, and the right ends once the service has been fully performed.',
    withdrawalLink: 'Withdraw from contract here: {withdrawUrl}',
    terms: 'The purchase is governed by the terms, version {termsVersion}; their full text is attached to this message ({termsFile}).',
    calendar: 'The attached event can be added to your calendar.',
    signature: 'The {site} team',
    termsFile: 'terms-{termsVersion}.txt',
  },
} as const satisfies Record<'pl' | 'en', Record<string, string>>;

/**
 * The model withdrawal form (Directive 2011/83/EU Annex I(B); ustawa o prawach konsumenta, załącznik nr 2), with
 * the trader's blank filled in ({trader}). Both languages, tested for parity; the lawyer approves the final wording.
 */
export const withdrawalFormTexts = {
  pl: [
    'WZÓR FORMULARZA ODSTĄPIENIA OD UMOWY',
    '(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)',
    '– Adresat: {trader}',
    '– Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy(*) umowy dostawy następujących rzeczy(*) '
      + 'umowy o dzieło polegającej na wykonaniu następujących rzeczy(*)/o świadczenie następującej usługi(*)',
    '– Data zawarcia umowy(*)/odbioru(*)',
    '– Imię i nazwisko konsumenta(-ów)',
    '– Adres konsumenta(-ów)',
    '– Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej)',
    '– Data',
    '(*) Niepotrzebne skreślić.',
  ],
  en: [
    'MODEL WITHDRAWAL FORM',
    '(complete and return this form only if you wish to withdraw from the contract)',
    '– To: {trader}',
    '– I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),',
    '– Ordered on (*)/received on (*),',
    '– Name of consumer(s),',
    '– Address of consumer(s),',
    '– Signature of consumer(s) (only if this form is notified on paper),',
    '– Date',
    '(*) Delete as appropriate.',
  ],
} as const satisfies Record<'pl' | 'en', readonly string[]>;
