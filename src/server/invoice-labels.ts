import type { Translate } from '../i18n/index.ts';
import type { InvoiceLabels } from '../islands/purchases/invoice-form.ts';

/** The invoice fields' strings in the page's language, for the buy panel and My Recordings' request form. */
export function invoiceLabels(t: Translate): InvoiceLabels {
  return {
    want: t('invoices.form.want'), legend: t('invoices.form.legend'), name: t('invoices.form.name'), nip: t('invoices.form.nip'),
    nipHint: t('invoices.form.nipHint'), street: t('invoices.form.street'), postalCode: t('invoices.form.postalCode'), city: t('invoices.form.city'),
    country: t('invoices.form.country'),
    nipMessages: { characters: t('invoicing.nip.characters'), length: t('invoicing.nip.length'), checksum: t('invoicing.nip.checksum') },
    request: t('invoices.form.request'), send: t('invoices.form.send'), sending: t('invoices.form.sending'), cancel: t('invoices.form.cancel'),
    failed: t('invoices.form.failed'), fixFields: t('invoices.form.fixFields'),
  };
}
