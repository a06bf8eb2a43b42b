import { useState, type FormEvent } from 'react';
import Dialog from '../shared/Dialog.tsx';
import { request, useResource } from './api.ts';
import { usePanel } from './messages.ts';
import { ConfirmDialog, Loaded, NoteLine, type Note } from './ui.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

type Article = { key: string; title: string; description: string; link: string };

/** Articles of the library (/biblioteka): the list, adding through a modal, deleting after a confirmation. */
export default function ArticlesSection() {
  const { say } = usePanel();
  const [articles, reload] = useResource<{ items: Article[] }>('/api/articles');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Article | null>(null);
  const [note, setNote] = useState<Note>(null);

  async function remove(article: Article) {
    const reply = await request('DELETE', `/api/articles/${encodeURIComponent(article.key)}`);
    setDeleting(null);
    setNote(reply.ok ? { kind: 'ok', text: say('adminPanel.articles.deleted'), focus: true } : { kind: 'error', text: reply.message ?? say('admin.articleDeleteFailed'), focus: true });
    reload();
  }

  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="button" onClick={() => { setNote(null); setAdding(true); }}>{say('adminPanel.articles.add')}</button>
      </div>
      <NoteLine note={note} />
      <Loaded resource={articles}>{({ items }) => items.length === 0
        ? <p className="empty">{say('adminPanel.articles.empty')}</p>
        : (
          <ul className="admin-articles">
            {items.map((a) => (
              <li key={a.key} className="admin-card">
                <div>
                  <h3><a href={a.link} target="_blank" rel="noopener noreferrer">{a.title}</a></h3>
                  <p>{a.description}</p>
                </div>
                <button type="button" className="button button--small button--danger" aria-label={say('adminPanel.deleteNamed', { name: a.title })}
                  onClick={() => setDeleting(a)}>{say('adminPanel.delete')}</button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {adding && <AddArticleDialog onClose={() => setAdding(false)}
        onAdded={() => { setAdding(false); setNote({ kind: 'ok', text: say('adminPanel.articles.added') }); reload(); }} />}
      {deleting && <ConfirmDialog question={say('adminPanel.articles.confirmDelete', { title: deleting.title })} action={say('adminPanel.delete')}
        onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** The add-article modal (title, link, description); the server trims and requires all three (spec 5). */
function AddArticleDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const hydrated = useHydrated();
  const { say } = usePanel();
  const [fields, setFields] = useState({ title: '', link: '', description: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const reply = await request('POST', '/api/articles', fields);
    setBusy(false);
    if (reply.ok) onAdded();
    else setError(reply.message ?? say('admin.articleAddFailed'));
  }

  const field = (name: keyof typeof fields, type = 'text') => (
    <div className="field">
      <label htmlFor={`article-${name}`}>{say(`adminPanel.articles.${name}`)}</label>
      {name === 'description'
        ? <textarea id={`article-${name}`} rows={4} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} />
        : <input id={`article-${name}`} type={type} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} />}
    </div>
  );

  return (
    <Dialog open onClose={onClose} label={say('adminPanel.articles.add')} closeLabel={say('adminPanel.close')} className="admin-dialog">
      <h2 className="admin-dialog__title">{say('adminPanel.articles.add')}</h2>
      <form className="admin-form" noValidate onSubmit={submit}>
        {field('title')}
        {field('link', 'url')}
        {field('description')}
        {error && <p className="status status--error" role="alert">{error}</p>}
        <div className="admin-actions">
          <button type="submit" className="button" disabled={!hydrated || busy}>{say('adminPanel.articles.submit')}</button>
          <button type="button" className="button button--quiet" onClick={onClose}>{say('adminPanel.cancel')}</button>
        </div>
      </form>
    </Dialog>
  );
}
