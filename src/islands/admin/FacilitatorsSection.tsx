import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Facilitator, FacilitatorFields } from '../../../modules/catalogue/index.ts';
import { request, useResource } from './api.ts';
import { BilingualField, LanguageHeads, TextField } from './fields.tsx';
import Picture from '../shared/Picture.tsx';
import MediaField from './MediaField.tsx';
import { usePanel } from './messages.ts';
import { ConfirmDialog, Loaded, NoteLine, type Note } from './ui.tsx';

const blank = (): FacilitatorFields => ({ name: '', avatar: '', role: { pl: '', en: '' }, bio: { pl: '', en: '' } });

function FacilitatorEditor({ id, initial, onSaved, onCancel }: { id: string | null; initial: FacilitatorFields; onSaved: () => void; onCancel: () => void }) {
  const { say } = usePanel();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const set = <K extends keyof FacilitatorFields>(key: K) => (value: FacilitatorFields[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const reply = id === null ? await request('POST', '/api/admin/facilitators', draft) : await request('PUT', `/api/admin/facilitators/${encodeURIComponent(id)}`, draft);
    setBusy(false);
    if (reply.ok) onSaved();
    else setError(reply.message ?? say('adminPanel.facilitators.saveFailed'));
  }

  return (
    <form className="admin-editor" noValidate onSubmit={submit}>
      <h3 ref={heading} tabIndex={-1}>{id === null ? say('adminPanel.facilitators.new') : say('adminPanel.facilitators.editNamed', { name: initial.name })}</h3>
      <TextField id="facilitator-name" label={say('adminPanel.facilitators.name')} value={draft.name} onChange={set('name')} />
      <MediaField id="facilitator-photo" kind="image" label={say('adminPanel.facilitators.photo')} value={draft.avatar || null} onChange={(v) => set('avatar')(v ?? '')} />
      <LanguageHeads />
      <BilingualField id="facilitator-role" label={say('adminPanel.facilitators.role')} value={draft.role} onChange={set('role')} />
      <BilingualField id="facilitator-bio" label={say('adminPanel.facilitators.bio')} value={draft.bio} onChange={set('bio')} long />
      {error && <p className="status status--error" role="alert">{error}</p>}
      <div className="admin-actions">
        <button type="submit" className="button" disabled={busy}>{busy ? say('adminPanel.catalogue.saving') : say('adminPanel.catalogue.save')}</button>
        <button type="button" className="button button--quiet" onClick={onCancel}>{say('adminPanel.cancel')}</button>
      </div>
    </form>
  );
}

/**
 * The facilitators of the home page gallery, in its order: add, edit (name, photo, role and bio in both
 * languages), move up or down, delete (refused with the server's message while a product names them).
 */
export default function FacilitatorsSection() {
  const { say, lang } = usePanel();
  const [people, reload] = useResource<Facilitator[]>('/api/admin/facilitators');
  const [editing, setEditing] = useState<{ person: Facilitator | null } | null>(null);
  const [deleting, setDeleting] = useState<Facilitator | null>(null);
  const [note, setNote] = useState<Note>(null);
  const failed = (message: string | null) => setNote({ kind: 'error', text: message ?? say('adminPanel.facilitators.saveFailed'), focus: true });

  async function move(list: Facilitator[], at: number, by: -1 | 1) {
    const order = list.map((f) => f.id);
    [order[at], order[at + by]] = [order[at + by]!, order[at]!];
    const reply = await request('PUT', '/api/admin/facilitators/order', { order });
    if (reply.ok) setNote({ kind: 'ok', text: say('adminPanel.facilitators.saved') });
    else failed(reply.message);
    reload();
  }

  async function remove(person: Facilitator) {
    const reply = await request('DELETE', `/api/admin/facilitators/${encodeURIComponent(person.id)}`);
    setDeleting(null);
    if (reply.ok) setNote({ kind: 'ok', text: say('adminPanel.facilitators.deleted'), focus: true });
    else failed(reply.message);
    reload();
  }

  if (editing) {
    const { person } = editing;
    return (
      <FacilitatorEditor id={person?.id ?? null} initial={person ? { name: person.name, avatar: person.avatar, role: person.role, bio: person.bio } : blank()}
        onCancel={() => setEditing(null)} onSaved={() => { setEditing(null); setNote({ kind: 'ok', text: say('adminPanel.facilitators.saved') }); reload(); }} />
    );
  }

  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="button" onClick={() => { setNote(null); setEditing({ person: null }); }}>{say('adminPanel.facilitators.add')}</button>
      </div>
      <NoteLine note={note} />
      <Loaded resource={people}>{(list) => (list.length === 0 ? <p>{say('adminPanel.facilitators.empty')}</p> : (
        <ol className="admin-people" aria-label={say('adminPanel.facilitators.order')}>
          {list.map((f, at) => (
            <li key={f.id} className="admin-person">
              <Picture src={f.avatar} alt="" width={48} height={48} sizes="48px" loading="lazy" />
              <span className="admin-person__name"><strong>{f.name}</strong> {f.role[lang]}</span>
              <span className="admin-actions">
                <button type="button" className="button button--small button--quiet" disabled={at === 0}
                  aria-label={say('adminPanel.facilitators.moveUp', { name: f.name })} onClick={() => move(list, at, -1)}>{say('adminPanel.facilitators.up')}</button>
                <button type="button" className="button button--small button--quiet" disabled={at === list.length - 1}
                  aria-label={say('adminPanel.facilitators.moveDown', { name: f.name })} onClick={() => move(list, at, 1)}>{say('adminPanel.facilitators.down')}</button>
                <button type="button" className="button button--small" aria-label={say('adminPanel.facilitators.editNamed', { name: f.name })}
                  onClick={() => { setNote(null); setEditing({ person: f }); }}>{say('adminPanel.facilitators.edit')}</button>
                <button type="button" className="button button--small button--danger" aria-label={say('adminPanel.deleteNamed', { name: f.name })}
                  onClick={() => setDeleting(f)}>{say('adminPanel.delete')}</button>
              </span>
            </li>
          ))}
        </ol>
      ))}</Loaded>
      {deleting && (
        <ConfirmDialog question={say('adminPanel.facilitators.deleteQuestion', { name: deleting.name })} action={say('adminPanel.delete')}
          onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)} />
      )}
    </>
  );
}
