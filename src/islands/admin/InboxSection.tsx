import { useEffect, useRef, useState } from 'react';
import { request, useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { replyLink } from './mailto.ts';
import { usePanel } from './messages.ts';
import { Loaded, Pager } from './ui.tsx';
import type { InboxList, InboxMessage } from './types-inbox.ts';

/**
 * The institute's inbox: contact-form messages, newest first, 20 a page; an unread one says so in words, not only
 * by weight. Opening one shows it in full below the list and marks it read for every admin.
 */
export default function InboxSection() {
  const { say, lang } = usePanel();
  const [page, setPage] = useState(1);
  const [inbox, reload] = useResource<InboxList>(`/api/admin/contact-messages?page=${page}`);
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Loaded resource={inbox}>{({ items, total, unread, pageSize }) => (
      <>
        <p className="admin-count">{say('adminPanel.inbox.total', { total, unread })}</p>
        {items.length === 0 ? <p className="empty">{say('adminPanel.inbox.empty')}</p> : (
          <ul className="admin-inbox">
            {items.map((m) => (
              <li key={m.id} className={`admin-inbox__item${m.read ? '' : ' admin-inbox__item--unread'}`} aria-current={openId === m.id ? 'true' : undefined}>
                {/* The button's name is what it shows (sender, date, excerpt, "new"): a label of its own would hide it. */}
                <button type="button" className="admin-inbox__open" onClick={() => setOpenId(m.id)}>
                  <span className="admin-inbox__head">
                    {!m.read && <span className="admin-badge">{say('adminPanel.inbox.unread')}</span>}
                    <span className="admin-inbox__from">{m.fromName}</span>
                    <span className="admin-inbox__date">{formatDateTime(m.receivedAt, lang)}</span>
                  </span>
                  <span className="admin-inbox__excerpt">{m.excerpt}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={Math.max(1, Math.ceil(total / Math.max(pageSize, 1)))} onPage={(p) => { setPage(p); setOpenId(null); }} />
        {openId && <MessageView key={openId} id={openId} onRead={reload} />}
      </>
    )}</Loaded>
  );
}

function MessageView({ id, onRead }: { id: string; onRead: () => void }) {
  const { say, lang } = usePanel();
  const [message] = useResource<InboxMessage>(`/api/admin/contact-messages/${encodeURIComponent(id)}`);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = message.state === 'ready' ? message.data : null;
  useEffect(() => {
    if (!ready) return;
    // The message opens below the list: take the reader there, and mark it read once it is shown.
    heading.current?.focus();
    if (!ready.read) void request('PUT', `/api/admin/contact-messages/${encodeURIComponent(ready.id)}`, { read: true }).then((r) => { if (r.ok) onRead(); });
  }, [ready, onRead]);
  return (
    <Loaded resource={message}>{(m) => (
      <article className="admin-mail" aria-labelledby="admin-inbox-from">
        <h3 id="admin-inbox-from" ref={heading} tabIndex={-1}>{m.fromName}</h3>
        <p className="admin-inbox__meta">
          <span>{m.email}</span> · <span>{formatDateTime(m.receivedAt, lang)}</span> · <span>{say('adminPanel.inbox.language', { lang: m.lang.toUpperCase() })}</span>
        </p>
        <pre className="admin-mail-text">{m.message}</pre>
        <p>
          <a className="button button--small" href={replyLink(m.email, say(m.lang === 'en' ? 'adminPanel.inbox.replySubjectEn' : 'adminPanel.inbox.replySubject'),
            `${formatDateTime(m.receivedAt, m.lang === 'en' ? 'en' : 'pl')}, ${m.fromName}:`, m.message)}>{say('adminPanel.inbox.reply')}</a>
        </p>
      </article>
    )}</Loaded>
  );
}
