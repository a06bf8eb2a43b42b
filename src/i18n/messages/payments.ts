/**
 * Who paid what (issue 21): the attendee list's amounts, states and totals (API and CSV), access granted by hand, and
 * payments whose sum differs from what the checkout asked. The panel's own strings are in admin-panel/payments.ts.
 * Every key needs both languages.
 */
export const pl = {
  'admin.attendees.amount': 'Kwota',
  'admin.attendees.currency': 'Waluta',
  'admin.attendees.state': 'Płatność',
  'admin.attendees.reason': 'Powód',
  'admin.attendees.purchaseDateWarsaw': 'Data zakupu (czas warszawski)',
  'admin.attendees.state.paid': 'opłacone',
  'admin.attendees.state.granted': 'przyznane ręcznie',
  'admin.attendees.state.refundDue': 'do zwrotu',
  'admin.attendees.state.refunded': 'zwrócone',
  'admin.attendees.state.mismatch': 'niezgodna kwota',
  'admin.attendees.totalPaid': 'Płatności: {count}',
  'admin.attendees.totalRefunded': 'Zwroty: {count}',
  'admin.attendees.totalGranted': 'Przyznane ręcznie: {count}',
  'grant.unknownUser': 'Nie ma konta z tym adresem e-mail.',
  'grant.reasonMissing': 'Podaj powód przyznania dostępu.',
  'grant.notFound': 'Nie znaleziono takiego przyznanego dostępu.',
  'grant.exists': 'Ten dostęp został już zapisany.',
  'grant.invalid': 'Podaj adres e-mail użytkownika i powód (do 500 znaków).',
  'audit.summary.paymentMismatch': 'Niezgodna kwota: {product}, zapłacono {amount} zamiast {asked}, {buyer} (bez dostępu)',
  'audit.summary.accessGranted': 'Dostęp przyznany ręcznie: {product}, {buyer} ({reason})',
  'audit.summary.accessRevoked': 'Dostęp odebrany: {product}, {buyer}',
  'audit.nothingAsked': 'nic (brak ceny w tej walucie)',
} as const;

export const en: Record<keyof typeof pl, string> = {
  'admin.attendees.amount': 'Amount',
  'admin.attendees.currency': 'Currency',
  'admin.attendees.state': 'Payment',
  'admin.attendees.reason': 'Reason',
  'admin.attendees.purchaseDateWarsaw': 'Purchase date (Warsaw time)',
  'admin.attendees.state.paid': 'paid',
  'admin.attendees.state.granted': 'granted by hand',
  'admin.attendees.state.refundDue': 'refund due',
  'admin.attendees.state.refunded': 'refunded',
  'admin.attendees.state.mismatch': 'amount mismatch',
  'admin.attendees.totalPaid': 'Payments: {count}',
  'admin.attendees.totalRefunded': 'Refunds: {count}',
  'admin.attendees.totalGranted': 'Granted by hand: {count}',
  'grant.unknownUser': 'There is no account with this e-mail address.',
  'grant.reasonMissing': 'Give a reason for granting access.',
  'grant.notFound': 'No such granted access.',
  'grant.exists': 'This access has already been recorded.',
  'grant.invalid': 'Give the user\'s e-mail address and a reason (up to 500 characters).',
  'audit.summary.paymentMismatch': 'Amount mismatch: {product}, paid {amount} instead of {asked}, {buyer} (no access)',
  'audit.summary.accessGranted': 'Access granted by hand: {product}, {buyer} ({reason})',
  'audit.summary.accessRevoked': 'Access revoked: {product}, {buyer}',
  'audit.nothingAsked': 'nothing (no price in this currency)',
};
