import { useState, type FormEvent } from 'react';
import { request, useResource } from './api.ts';
import { formatDate } from './format.ts';
import { usePanel } from './messages.ts';
import { TableBox } from './TableBox.tsx';
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
        <TableBox label={say('adminPanel.certificates.tableLabel')}>
          <table className="admin-table admin-table--stack">
            <thead><tr>
              <th scope="col">{say('adminPanel.certificates.number')}</th><th scope="col">{say('adminPanel.certificates.issued')}</th>
              <th scope="col">{say('adminPanel.certificates.holder')}</th><th scope="col">{say('adminPanel.certificates.training')}</th>
              <th scope="col" className="num">{say('adminPanel.certificates.hours')}</th><th scope="col">{say('adminPanel.certificates.status')}</th>
              <th scope="col">{say('adminPanel.certificates.actions')}</th>
            </tr></thead>
            <tbody>
              {certificates.map((c) => (
                <tr key={c.certificateId} data-certificate={c.number}>
                  <td data-label={say('adminPanel.certificates.number')} className="nowrap">{c.number}</td>
                  <td data-label={say('adminPanel.certificates.issued')} className="nowrap">{formatDate(c.issuedAt, lang)}</td>
                  <td data-label={say('adminPanel.certificates.holder')}>{c.holderName ?? say('adminPanel.certificates.deleted')}</td>
                  <td data-label={say('adminPanel.certificates.training')}>{c.title[lang] || c.title.pl}</td>
                  <td data-label={say('adminPanel.certificates.hours')} className="num nowrap">{hours(c.hoursAttended)} / {hours(c.hoursOffered)}</td>
                  <td data-label={say('adminPanel.certificates.status')}>{state(c)}</td>
                  <td data-label={say('adminPanel.certificates.actions')}>
                    <div className="admin-actions">
                      <a href={`/api/certificates/${encodeURIComponent(c.certificateId)}/pdf`} download>{say('adminPanel.certificates.pdf')}</a>
                      <a href={`/certyfikat/${encodeURIComponent(c.certificateId)}`} target="_blank" rel="noopener">{say('adminPanel.certificates.page')}</a>
                      {c.status === 'valid' && <button type="button" className="button button--small" disabled={busy === c.certificateId} onClick={() => revoke(c)}>{say('adminPanel.certificates.revoke')}</button>}
                      {c.status !== 'replaced' && <button type="button" className="button button--small" disabled={busy === c.certificateId} onClick={() => reissue(c)}>{say('adminPanel.certificates.reissue')}</button>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ))}</Loaded>
    </section>
  );
}
