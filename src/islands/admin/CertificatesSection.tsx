import { useState, type FormEvent } from 'react';
import { request, useResource } from './api.ts';
import { formatDate } from './format.ts';
import { usePanel } from './messages.ts';
import { StackTable } from './TableBox.tsx';
import { Loaded, NoteLine, type Note } from './ui.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

/** A certificate as GET /api/admin/certificates lists it (the module's door is server-only: it brings the PDF renderer). */
type Certificate = {
  certificateId: string; number: string; issuedAt: string; holderName: string | null; title: { pl: string; en: string };
  hoursOffered: number; hoursAttended: number; status: 'valid' | 'revoked' | 'replaced'; revokedReason: string | null;
  replacedBy: { certificateId: string; number: string } | null;
};

/**
 * Every certificate of a year of issue, newest first, as InvoicesList lists invoices: its PDF and public page, and
 * the admin's two acts, revoke (with a reason) and re-issue after a correction; and an issue by hand for a purchase.
 */
export default function CertificatesSection() {
  const hydrated = useHydrated();
  const { say, lang } = usePanel();
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [purchaseId, setPurchaseId] = useState('');
  const valid = /^20\d{2}$/.test(year);
  const [listing, reload] = useResource<{ certificates: Certificate[] }>(valid ? `/api/admin/certificates?year=${year}` : null);

  async function act(id: string, path: string, body?: unknown) {
    setBusy(id);
    const reply = await request('POST', path, body);
    setBusy(null);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.certificates.done') } : { kind: 'error', text: reply.message ?? say('adminPanel.certificates.failed') });
    if (reply.ok) reload();
  }
  const revoke = (c: Certificate) => {
    const reason = window.prompt(say('adminPanel.certificates.reasonPrompt', { number: c.number }));
    if (reason !== null) void act(c.certificateId, `/api/admin/certificates/${encodeURIComponent(c.certificateId)}/revoke`, { reason });
  };
  const reissue = (c: Certificate) => {
    if (window.confirm(say('adminPanel.certificates.reissueConfirm', { number: c.number }))) void act(c.certificateId, `/api/admin/certificates/${encodeURIComponent(c.certificateId)}/reissue`);
  };
  const issue = (event: FormEvent) => {
    event.preventDefault();
    if (purchaseId.trim()) void act('new', '/api/admin/certificates', { purchaseId: purchaseId.trim() });
  };
  const hours = (h: number) => (lang === 'pl' ? String(h).replace('.', ',') : String(h));
  const state = (c: Certificate) => (c.status === 'valid' ? say('adminPanel.certificates.valid')
    : c.status === 'revoked' ? say('adminPanel.certificates.revoked', { reason: c.revokedReason ?? '' })
      : say('adminPanel.certificates.replaced', { number: c.replacedBy?.number ?? '' }));

  return (
    <section aria-label={say('adminPanel.tab.certificates')}>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="certificates-year">{say('adminPanel.certificates.year')}</label>
          <input id="certificates-year" inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} />
        </div>
        <form className="field" onSubmit={issue}>
          <label htmlFor="certificates-purchase">{say('adminPanel.certificates.purchase')}</label>
          <input id="certificates-purchase" value={purchaseId} onChange={(e) => setPurchaseId(e.target.value)} />
          <button type="submit" className="button button--small" disabled={!hydrated || busy === 'new'}>{say('adminPanel.certificates.issue')}</button>
        </form>
      </div>
      <NoteLine note={note} />
      <Loaded resource={listing}>{({ certificates }) => (certificates.length === 0 ? <p>{say('adminPanel.certificates.none')}</p> : (
        <StackTable label={say('adminPanel.certificates.tableLabel')} rows={certificates} rowKey={(c) => c.certificateId} rowData={(c) => ({ 'data-certificate': c.number })} columns={[
          { label: say('adminPanel.certificates.number'), nowrap: true, cell: (c) => c.number },
          { label: say('adminPanel.certificates.issued'), nowrap: true, cell: (c) => formatDate(c.issuedAt, lang) },
          { label: say('adminPanel.certificates.holder'), cell: (c) => c.holderName ?? say('adminPanel.certificates.deleted') },
          { label: say('adminPanel.certificates.training'), cell: (c) => c.title[lang] || c.title.pl },
          { label: say('adminPanel.certificates.hours'), numeric: true, nowrap: true, cell: (c) => `${hours(c.hoursAttended)} / ${hours(c.hoursOffered)}` },
          { label: say('adminPanel.certificates.status'), cell: state },
          { label: say('adminPanel.certificates.actions'), cell: (c) => (
            <div className="admin-actions">
              <a href={`/api/certificates/${encodeURIComponent(c.certificateId)}/pdf`} download>{say('adminPanel.certificates.pdf')}</a>
              <a href={`/certyfikat/${encodeURIComponent(c.certificateId)}`} target="_blank" rel="noopener">{say('adminPanel.certificates.page')}</a>
              {c.status === 'valid' && <button type="button" className="button button--small" disabled={busy === c.certificateId} onClick={() => revoke(c)}>{say('adminPanel.certificates.revoke')}</button>}
              {c.status !== 'replaced' && <button type="button" className="button button--small" disabled={busy === c.certificateId} onClick={() => reissue(c)}>{say('adminPanel.certificates.reissue')}</button>}
            </div>
          ) },
        ]} />
      ))}</Loaded>
    </section>
  );
}
