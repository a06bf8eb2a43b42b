import { useState } from 'react';
import type { InvoiceKsefView, InvoiceSummary } from '../../../modules/invoicing/index.ts';
import { formatMinor } from '../../../modules/shared/text/index.ts';
import { request, useResource } from './api.ts';
import { formatDate } from './format.ts';
import { usePanel, type PanelKey } from './messages.ts';
import { StackTable } from './TableBox.tsx';
import { Loaded, NoteLine, type Note } from './ui.tsx';

/** Every KSeF state in words, as the accountant's CSV says them (the keys list the states: the filter offers each). */
const KSEF_WORDS: Record<InvoiceKsefView, PanelKey> = {
  none: 'invoices.ksef.none', off: 'invoices.ksef.off', queued: 'invoices.ksef.queued',
  failed: 'invoices.ksef.failed', accepted: 'invoices.ksef.accepted', rejected: 'invoices.ksef.rejected',
};
const VIEWS = Object.keys(KSEF_WORDS) as InvoiceKsefView[];

type Listing = { month: string; ksefEnabled: boolean; invoices: InvoiceSummary[] };

const warsawMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' });
/** yyyy-mm of now in Warsaw: the month the list opens on. */
export const currentWarsawMonth = (at = new Date()): string => {
  const parts = Object.fromEntries(warsawMonth.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts['year']}-${parts['month']}`;
};

/**
 * The documents issued in a month (Warsaw), oldest first: each with its PDF, its XML when it went to KSeF (a buyer with
 * a NIP), its KSeF state in words, and, with sending on, a second try for one refused or given up on. The month's CSV
 * for the accountant is one link (semicolons for a Polish spreadsheet).
 */
export default function InvoicesList() {
  const { say, lang } = usePanel();
  const [month, setMonth] = useState(currentWarsawMonth);
  const [ksef, setKsef] = useState<InvoiceKsefView | ''>('');
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const query = `month=${month}${ksef ? `&ksef=${ksef}` : ''}`;
  const [listing, reload] = useResource<Listing>(valid ? `/api/admin/invoices?${query}` : null);
  const csv = `/api/admin/invoices?month=${month}&format=csv${lang === 'pl' ? '&separator=semicolon' : ''}`;

  async function resend(doc: InvoiceSummary) {
    setBusy(doc.invoiceId);
    const reply = await request('POST', `/api/admin/invoices/${encodeURIComponent(doc.invoiceId)}/ksef`);
    setBusy(null);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.invoices.resent', { number: doc.number }) }
      : { kind: 'error', text: reply.message ?? say('adminPanel.invoices.resendFailed') });
    if (reply.ok) reload();
  }

  const ksefCell = (d: InvoiceSummary) => {
    const detail = d.ksefNumber ? say('adminPanel.invoices.ksefNumber', { number: d.ksefNumber }) : d.ksefError;
    return <>{say(KSEF_WORDS[d.ksef])}{detail && <><br /><small className="admin-hint">{detail}</small></>}</>;
  };

  return (
    <section aria-labelledby="invoices-list">
      <h3 id="invoices-list">{say('adminPanel.invoices.title')}</h3>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="invoices-month">{say('adminPanel.invoices.month')}</label>
          <input id="invoices-month" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invoices-ksef">{say('adminPanel.invoices.ksefFilter')}</label>
          <select id="invoices-ksef" value={ksef} onChange={(e) => setKsef(e.target.value as InvoiceKsefView | '')}>
            <option value="">{say('adminPanel.invoices.allStates')}</option>
            {VIEWS.map((view) => <option key={view} value={view}>{say(KSEF_WORDS[view])}</option>)}
          </select>
        </div>
        {valid && <a className="button button--small" href={csv} download>{say('adminPanel.invoices.export')}</a>}
      </div>
      <NoteLine note={note} />
      <Loaded resource={listing}>{({ invoices, ksefEnabled }) => (invoices.length === 0 ? <p>{say('adminPanel.invoices.none')}</p> : (
        <StackTable label={say('adminPanel.invoices.tableLabel', { month })} rows={invoices} rowKey={(d) => d.invoiceId} rowData={(d) => ({ 'data-invoice': d.number })} columns={[
          { label: say('adminPanel.invoices.number'), nowrap: true, cell: (d) => d.number },
          { label: say('adminPanel.invoices.kind'), cell: (d) => say(d.kind === 'invoice' ? 'invoices.kind.invoice' : 'invoices.kind.correction') },
          { label: say('adminPanel.invoices.issued'), nowrap: true, cell: (d) => formatDate(d.issuedAt, lang) },
          { label: say('adminPanel.invoices.buyer'), cell: (d) => d.buyerName },
          { label: say('adminPanel.invoices.nip'), nowrap: true, cell: (d) => d.buyerNip ?? '—' },
          { label: say('adminPanel.invoices.gross'), numeric: true, nowrap: true, cell: (d) => formatMinor(d.grossMinor, d.currency, lang, 'ledger') },
          { label: say('adminPanel.invoices.ksef'), cell: ksefCell },
          { label: say('adminPanel.invoices.files'), cell: (d) => (
            <div className="admin-actions">
              <a href={`/api/invoices/${encodeURIComponent(d.invoiceId)}/pdf`} download aria-label={say('adminPanel.invoices.pdfOf', { number: d.number })}>{say('adminPanel.invoices.pdf')}</a>
              {d.buyerNip && <a href={`/api/admin/invoices/${encodeURIComponent(d.invoiceId)}/xml`} download aria-label={say('adminPanel.invoices.xmlOf', { number: d.number })}>{say('adminPanel.invoices.xml')}</a>}
              {ksefEnabled && (d.ksef === 'failed' || d.ksef === 'rejected') && (
                <button type="button" className="button button--small" disabled={busy === d.invoiceId} onClick={() => void resend(d)}
                  aria-label={say('adminPanel.invoices.resendOf', { number: d.number })}>{say('adminPanel.invoices.resend')}</button>
              )}
            </div>
          ) },
        ]} />
      ))}</Loaded>
    </section>
  );
}
