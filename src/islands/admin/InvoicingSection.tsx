import { useState } from 'react';
import type { InvoicingReadiness, SellerField, SellerSettings } from '../../../modules/invoicing/index.ts';
import { useResource } from './api.ts';
import { usePanel, type PanelKey } from './messages.ts';
import InvoicesList from './InvoicesList.tsx';
import ProductVatList from './ProductVatList.tsx';
import SellerForm from './SellerForm.tsx';
import { Loaded } from './ui.tsx';

const FIELD_LABELS: Record<SellerField, PanelKey> = {
  'name': 'adminPanel.invoicing.name', 'address.street': 'adminPanel.invoicing.street', 'address.postalCode': 'adminPanel.invoicing.postalCode',
  'address.city': 'adminPanel.invoicing.city', 'address.country': 'adminPanel.invoicing.country', 'nip': 'adminPanel.invoicing.nip',
  'placeOfIssue': 'adminPanel.invoicing.placeOfIssue',
};

/** Whether invoices can be issued: while not, which of the seller's fields are missing. */
function Readiness({ readiness }: { readiness: InvoicingReadiness }) {
  const { say } = usePanel();
  return readiness.ready
    ? <p className="status" role="status">{say('adminPanel.invoicing.ready')}</p>
    : <p className="status status--error" role="status">{say('adminPanel.invoicing.notReady', { fields: readiness.missing.map((f) => say(FIELD_LABELS[f])).join(', ') })}</p>;
}

/**
 * Invoices (issue 23): the seller's data printed on every invoice, each product's VAT, and the documents issued. Until the seller's data is
 * complete the tab says that no invoices are issued, and which fields are missing.
 */
export default function InvoicingSection() {
  const [seller] = useResource<{ settings: SellerSettings; readiness: InvoicingReadiness }>('/api/admin/invoicing/seller');
  const [readiness, setReadiness] = useState<InvoicingReadiness | null>(null);
  const [version, setVersion] = useState(0);
  return (
    <Loaded resource={seller}>{({ settings, readiness: first }) => (<>
      <Readiness readiness={readiness ?? first} />
      <SellerForm initial={settings} onSaved={(next) => { setReadiness(next); setVersion((n) => n + 1); }} />
      <ProductVatList version={version} />
      <InvoicesList />
    </>)}</Loaded>
  );
}
