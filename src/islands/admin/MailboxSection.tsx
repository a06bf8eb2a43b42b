import { useEffect, useRef, useState } from 'react';
import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel } from './messages.ts';
import { TableBox } from './TableBox.tsx';
import { Loaded, Pager } from './ui.tsx';
import type { Mail, MailSummary, Paged } from './types.ts';

/**
 * The dev mailbox (mail kept instead of sent while SMTP_URL is unset), page by page. A message's HTML is shown only
 * in a sandboxed frame (no scripts, no same origin): it is mail, never part of this page.
 */
export default function MailboxSection() {
  const { say, lang } = usePanel();
  const [page, setPage] = useState(1);
  const [mailbox] = useResource<Paged<MailSummary> & { enabled: boolean }>(`/api/admin/mailbox?page=${page}`);
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Loaded resource={mailbox}>{({ enabled, items, total, pageSize }) => !enabled
      ? <p className="admin-hint">{say('adminPanel.mailbox.disabled')}</p>
      : (
        <>
          <p className="admin-count">{say('adminPanel.mailbox.total', { total })}</p>
          {items.length === 0 ? <p className="empty">{say('adminPanel.mailbox.empty')}</p> : (
            <TableBox label={say('adminPanel.tab.mailbox')}>
              <table className="admin-table admin-table--stack">
                <thead><tr>
                  <th scope="col">{say('adminPanel.mailbox.date')}</th><th scope="col">{say('adminPanel.mailbox.recipient')}</th>
                  <th scope="col">{say('adminPanel.mailbox.subject')}</th><th scope="col"><span className="visually-hidden">{say('adminPanel.users.actions')}</span></th>
                </tr></thead>
                <tbody>
                  {items.map((m) => (
                    <tr key={m.id} aria-current={openId === m.id ? 'true' : undefined}>
                      <td data-label={say('adminPanel.mailbox.date')}>{formatDateTime(m.createdAt, lang)}</td>
                      <td data-label={say('adminPanel.mailbox.recipient')}>{m.recipient}</td><td data-label={say('adminPanel.mailbox.subject')}>{m.subject}</td>
                      <td><button type="button" className="button button--small button--quiet" aria-label={say('adminPanel.mailbox.openNamed', { subject: m.subject })}
                        onClick={() => setOpenId(m.id)}>{say('adminPanel.mailbox.open')}</button></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
          <Pager page={page} pages={Math.max(1, Math.ceil(total / Math.max(pageSize, 1)))} onPage={(p) => { setPage(p); setOpenId(null); }} />
          {openId && <MailView key={openId} id={openId} />}
        </>
      )}</Loaded>
  );
}

function MailView({ id }: { id: string }) {
  const { say, lang } = usePanel();
  const [mail] = useResource<Mail>(`/api/admin/mailbox/${encodeURIComponent(id)}`);
  const heading = useRef<HTMLHeadingElement>(null);
  // The message opens below the list: take the reader there.
  useEffect(() => { if (mail.state === 'ready') heading.current?.focus(); }, [mail.state]);
  return (
    <Loaded resource={mail}>{(m) => (
      <article className="admin-mail" aria-labelledby="admin-mail-subject">
        <h3 id="admin-mail-subject" ref={heading} tabIndex={-1}>{m.subject}</h3>
        <p>{m.recipient} · {formatDateTime(m.createdAt, lang)}</p>
        <h4>{say('adminPanel.mailbox.text')}</h4>
        <pre className="admin-mail-text">{m.text}</pre>
        {m.html && (
          <>
            <h4>{say('adminPanel.mailbox.html')}</h4>
            <iframe className="admin-mail-html" title={say('adminPanel.mailbox.html')} sandbox="" srcDoc={m.html} />
          </>
        )}
      </article>
    )}</Loaded>
  );
}
