import type { InvoiceSummary } from '../../modules/invoicing/index.ts';
import { toWarsawInput } from '../../modules/shared/text/index.ts';
import type { Translate } from '../i18n/index.ts';

const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * A month of invoices as the accountant's spreadsheet reads it: one row a document (a correction's sums negative when
 * money went back), issue date and time on Warsaw's clock, net, VAT and gross in the invoice's currency, the invoice a
 * correction corrects, the KSeF number and state. Header in the admin's language.
 */
export function invoiceCsvRows(invoices: readonly InvoiceSummary[], t: Translate): string[][] {
  const header = ['number', 'kind', 'issued', 'buyer', 'nip', 'net', 'vat', 'gross', 'currency', 'corrects', 'ksefNumber', 'ksef']
    .map((column) => t(`invoices.csv.${column}` as Parameters<Translate>[0]));
  const rows = invoices.map((d) => [
    d.number, t(`invoices.kind.${d.kind}`), toWarsawInput(d.issuedAt).replace('T', ' '), d.buyerName, d.buyerNip ?? '',
    amount(d.netMinor), amount(d.vatMinor), amount(d.grossMinor), d.currency, d.corrects ?? '', d.ksefNumber ?? '', t(`invoices.ksef.${d.ksef}`),
  ]);
  return [header, ...rows];
}
