import { useEffect, useMemo, useState } from 'react';
import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import MassEmailDialog from './MassEmailDialog.tsx';
import { usePanel } from './messages.ts';
import { Loaded } from './ui.tsx';
import { titleIn, type AdminProduct, type Campaign } from './types.ts';
import { TableBox } from './TableBox.tsx';

const REFRESH_MS = 2000;

/** Mass e-mail to all users (spec 2) and the recent campaigns, refreshed while one of them is still sending. */
export default function EmailSection() {
  const { say, lang } = usePanel();
  const [campaigns, reload] = useResource<{ items: Campaign[] }>('/api/admin/campaigns');
  const [products] = useResource<AdminProduct[]>('/api/admin/products');
  const [writing, setWriting] = useState(false);
  const titles = useMemo(() => new Map((products.state === 'ready' ? products.data : []).map((p) => [p.key, titleIn(p, lang)])), [products, lang]);
  const sending = campaigns.state === 'ready' && campaigns.data.items.some((c) => c.pending > 0);
  useEffect(() => {
    if (!sending) return undefined;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, reload]);

  const count = (n: number) => <td className="num">{n}</td>;
  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="button" onClick={() => setWriting(true)}>{say('adminPanel.email.toAll')}</button>
        <button type="button" className="button button--quiet" onClick={reload}>{say('adminPanel.email.refresh')}</button>
      </div>
      <h3>{say('adminPanel.email.campaigns')}</h3>
      <Loaded resource={campaigns}>{({ items }) => items.length === 0 ? <p className="empty">{say('adminPanel.email.noCampaigns')}</p> : (
        <TableBox label={say('adminPanel.email.campaigns')}>
          <table className="admin-table">
            <thead><tr>
              <th scope="col">{say('adminPanel.email.started')}</th><th scope="col">{say('adminPanel.email.subject')}</th>
              <th scope="col">{say('adminPanel.email.target')}</th><th scope="col" className="num">{say('adminPanel.email.total')}</th>
              <th scope="col" className="num">{say('adminPanel.email.sent')}</th><th scope="col" className="num">{say('adminPanel.email.pending')}</th>
              <th scope="col" className="num">{say('adminPanel.email.failedCount')}</th><th scope="col" className="num">{say('adminPanel.email.unsubscribed')}</th>
            </tr></thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.startedAt, lang)}</td><td>{c.subject}</td>
                  <td>{c.target === 'all' ? say('adminPanel.email.targetAll') : titles.get(c.target) ?? say('admin.unknownFilm')}</td>
                  {count(c.total)}{count(c.sent)}{count(c.pending)}{count(c.failed)}{count(c.unsubscribed)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}</Loaded>
      {writing && <MassEmailDialog target="all" label={say('adminPanel.email.dialogAll')} onClose={() => { setWriting(false); reload(); }} />}
    </>
  );
}
