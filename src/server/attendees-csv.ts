import type { AttendeeList } from '../../modules/purchases/index.ts';
import { toWarsawInput } from '../../modules/shared/text/index.ts';
import type { Translate } from '../i18n/index.ts';

/**
 * The attendee list as a spreadsheet reads it: one row a purchase (date and time on Warsaw's clock, as Excel reads a
 * date, amount in whole units, currency, payment state, the reason of a grant, the sum refunded), then a blank row and the totals per
 * currency, card payments and refunds apart, and the grants by hand counted on their own. Header in the admin's language.
 */
export function attendeeCsvRows(list: AttendeeList, t: Translate): string[][] {
  const header = [t('admin.attendees.name'), t('admin.attendees.email'), t('admin.attendees.phone'), t('admin.attendees.purchaseDateWarsaw'),
    t('admin.attendees.amount'), t('admin.attendees.currency'), t('admin.attendees.state'), t('admin.attendees.reason'), t('admin.attendees.refunded')];
  // Refunds of a payment (refund.ts) in whole units with the cents they may carry; a duplicate payment given back is its whole amount.
  const refunded = (a: AttendeeList['attendees'][number]) => (a.refundedAmount > 0 ? a.refundedAmount.toFixed(2) : a.state === 'refunded' ? String(a.amount) : '');
  const rows = list.attendees.map((a) => [a.name, a.email, a.phone, toWarsawInput(a.purchaseDate).replace('T', ' '),
    String(a.amount), a.currency, t(`admin.attendees.state.${a.state}`), a.reason ?? '', refunded(a)]);
  const { totals } = list;
  const sums = [
    ...totals.paid.map((s) => [t('admin.attendees.totalPaid', { count: s.count }), '', '', '', String(s.amount), s.currency, t('admin.attendees.state.paid'), '', '']),
    ...totals.refunded.map((s) => [t('admin.attendees.totalRefunded', { count: s.count }), '', '', '', String(s.amount), s.currency, t('admin.attendees.state.refunded'), '', '']),
    [t('admin.attendees.totalGranted', { count: totals.granted }), '', '', '', '', '', t('admin.attendees.state.granted'), '', ''],
  ];
  return [header, ...rows, [], ...sums];
}
