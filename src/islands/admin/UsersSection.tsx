import { Fragment, useEffect, useMemo, useState } from 'react';
import { request, useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel } from './messages.ts';
import { hits } from './search.ts';
import { TableBox } from './TableBox.tsx';
import { ConfirmDialog, Loaded, NoteLine, Pager, usePages, type Note } from './ui.tsx';
import { titleIn, type ApiVideo, type User } from './types.ts';

const PAGE_SIZE = 20;
/** How long typing may pause before the server is asked: one request per word typed, not per key. */
export const SEARCH_DELAY_MS = 300;

/** `text` with the parts the search found marked. */
function Found({ text, query }: { text: string; query: string }) {
  return <>{hits(text, query).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}</>;
}

/**
 * The users table (spec 2): name, e-mail, phone, role, actions, searched on the server by name, e-mail or phone
 * (what matched is marked). A row opens to the films bought with their dates (Films is disabled without purchases;
 * an unknown key reads "Nieznany film"); deleting asks first and warns it cannot be undone; an admin has no delete button (spec 5).
 */
export default function UsersSection() {
  const { say, lang } = usePanel();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const [users, reload] = useResource<User[]>(query ? `/api/users?${new URLSearchParams({ search: query })}` : '/api/users');
  const [videos] = useResource<ApiVideo[]>('/api/all-videos');
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [note, setNote] = useState<Note>(null);
  const list = users.state === 'ready' ? users.data : [];
  const pages = usePages(list, PAGE_SIZE);
  const titles = useMemo(() => new Map((videos.state === 'ready' ? videos.data : []).map((v) => [v.key, titleIn(v, lang)])), [videos, lang]);

  async function remove(user: User) {
    const reply = await request('DELETE', `/api/users/${encodeURIComponent(user.id)}`);
    setDeleting(null);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.users.deleted'), focus: true } : { kind: 'error', text: reply.message ?? say('admin.deleteFailed'), focus: true });
    reload();
  }

  return (
    <>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="users-search">{say('adminPanel.users.search')}</label>
          <input id="users-search" type="search" maxLength={100} value={typed} onChange={(e) => { setTyped(e.target.value); pages.setPage(1); }} />
        </div>
      </div>
      <NoteLine note={note} />
      <Loaded resource={users}>{(all) => all.length === 0
        ? <p className="empty" aria-live="polite">{say(query ? 'adminPanel.users.noMatch' : 'adminPanel.users.empty')}</p>
        : (
          <>
            <p className="admin-count" aria-live="polite">{say(query ? 'adminPanel.users.found' : 'adminPanel.users.count', { total: all.length })}</p>
            <TableBox label={say('adminPanel.tab.users')}>
              <table className="admin-table admin-table--stack admin-search">
                <thead><tr>
                  <th scope="col">{say('admin.attendees.name')}</th><th scope="col">{say('admin.attendees.email')}</th>
                  <th scope="col">{say('admin.attendees.phone')}</th><th scope="col">{say('adminPanel.users.role')}</th>
                  <th scope="col">{say('adminPanel.users.actions')}</th>
                </tr></thead>
                <tbody>
                  {pages.shown.map((u) => {
                    const expanded = open === u.id;
                    return (
                      <Fragment key={u.id}>
                        <tr>
                          <td data-label={say('admin.attendees.name')}><Found text={u.name} query={query} /></td>
                          <td data-label={say('admin.attendees.email')}><Found text={u.email} query={query} /></td>
                          <td data-label={say('admin.attendees.phone')}><Found text={u.phone} query={query} /></td>
                          <td data-label={say('adminPanel.users.role')}>{say(u.role === 'admin' ? 'adminPanel.users.roleAdmin' : 'adminPanel.users.roleUser')}</td>
                          <td className="admin-actions">
                            <button type="button" className="button button--small button--quiet" disabled={u.purchasedVideos.length === 0}
                              aria-expanded={expanded} aria-controls={expanded ? `films-${u.id}` : undefined}
                              onClick={() => setOpen(expanded ? null : u.id)}>{say('adminPanel.users.films', { count: u.purchasedVideos.length })}</button>
                            {u.role !== 'admin' && (
                              <button type="button" className="button button--small button--danger" aria-label={say('adminPanel.deleteNamed', { name: u.name })}
                                onClick={() => setDeleting(u)}>{say('adminPanel.delete')}</button>
                            )}
                          </td>
                        </tr>
                        {expanded && (
                          <tr className="admin-sub" id={`films-${u.id}`}>
                            <td colSpan={5}>
                              <table className="admin-table">
                                <caption className="visually-hidden">{say('adminPanel.users.filmsOf', { name: u.name })}</caption>
                                <thead><tr><th scope="col">{say('adminPanel.users.film')}</th><th scope="col">{say('admin.attendees.purchaseDate')}</th></tr></thead>
                                <tbody>
                                  {u.purchasedVideos.map((p) => (
                                    <tr key={p.key}><td>{titles.get(p.key) ?? say('admin.unknownFilm')}</td><td>{formatDateTime(p.purchaseDate, lang)}</td></tr>
                                  ))}
                                </tbody>
                              </table>
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </TableBox>
            <Pager page={pages.page} pages={pages.pages} onPage={pages.setPage} />
          </>
        )}</Loaded>
      {deleting && <ConfirmDialog question={say('adminPanel.users.confirmDelete', { name: deleting.name, email: deleting.email })}
        action={say('adminPanel.delete')} onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)} />}
    </>
  );
}
