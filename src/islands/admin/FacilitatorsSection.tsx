import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Facilitator, FacilitatorFields } from '../../../modules/catalogue/index.ts';
import { request, useResource } from './api.ts';
import { BilingualField, LanguageHeads, TextField } from './fields.tsx';
import Picture from '../shared/Picture.tsx';
import MediaField from './MediaField.tsx';
import { usePanel } from './messages.ts';
import { ConfirmDialog, Loaded, NoteLine, type Note } from './ui.tsx';
import { useHydrated } from '../shared/useHydrated.ts';

const blank = (): FacilitatorFields => ({ name: '', avatar: '', role: { pl: '', en: '' }, bio: { pl: '', en: '' } });

function FacilitatorEditor({ id, initial, onSaved, onCancel }: { id: string | null; initial: FacilitatorFields; onSaved: () => void; onCancel: () => void }) {
  const hydrated = useHydrated();
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
        <button type="submit" className="button" disabled={!hydrated || busy}>{busy ? say('adminPanel.catalogue.saving') : say('adminPanel.catalogue.save')}</button>
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

  // A move reorders the list on screen at once and queues its order behind the saves before it, each sent when the
  // previous one is answered: quick clicks each take a step (a click no longer waits for the list to be read again),
  // and the server ends at the order shown. `moved` is that list until the server's is read again after the last save.
  const [moved, setMoved] = useState<Facilitator[] | null>(null);
  const shown = moved ?? (people.state === 'ready' ? people.data : []);
  const current = useRef(shown);
  const saves = useRef({ queue: Promise.resolve(), pending: 0, round: 0 });
  const focusAfter = useRef<{ id: string; by: -1 | 1 } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => { current.current = shown; });
  useEffect(() => { if (saves.current.pending === 0) setMoved(null); }, [people]);
  // The moved person's button keeps focus (React may move their row in the DOM, which drops it); at the end, where
  // that button is disabled, the other direction's takes it.
  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const button = (by: number) => listRef.current?.querySelector<HTMLButtonElement>(`button[data-move="${CSS.escape(`${target.id} ${by}`)}"]`);
    const same = button(target.by);
    (same?.disabled ? button(-target.by) : same)?.focus();
  }, [moved]);

  function move(id: string, by: -1 | 1) {
    const list = [...current.current];
    const at = list.findIndex((f) => f.id === id);
    if (at < 0 || !list[at + by]) return;
    [list[at], list[at + by]] = [list[at + by]!, list[at]!];
    current.current = list;
    focusAfter.current = { id, by };
    setMoved(list);
    // Said until the last save is answered: the order on screen is not yet the server's, and leaving would drop it.
    setNote({ kind: 'ok', text: say('adminPanel.catalogue.saving') });
    const order = list.map((f) => f.id);
    const s = saves.current;
    const round = s.round;
    s.pending++;
    s.queue = s.queue.then(async () => {
      // An earlier save failed: the lists after it are dropped and the server's order is read again.
      if (s.round !== round) return;
      const reply = await request('PUT', '/api/admin/facilitators/order', { order });
      if (reply.ok) {
        if (s.pending === 1) setNote({ kind: 'ok', text: say('adminPanel.facilitators.saved') });
        return;
      }
      s.round++;
      setMoved(null);
      failed(reply.message);
    }).finally(() => { if (--s.pending === 0) reload(); });
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
      <Loaded resource={people}>{() => (shown.length === 0 ? <p>{say('adminPanel.facilitators.empty')}</p> : (
        <ol ref={listRef} className="admin-people" aria-label={say('adminPanel.facilitators.order')}>
          {shown.map((f, at) => (
            <li key={f.id} className="admin-person">
              <Picture src={f.avatar} alt="" width={48} height={48} sizes="48px" loading="lazy" />
              <span className="admin-person__name"><strong>{f.name}</strong> {f.role[lang]}</span>
              <span className="admin-actions">
                <button type="button" className="button button--small button--quiet" disabled={at === 0} data-move={`${f.id} -1`}
                  aria-label={say('adminPanel.facilitators.moveUp', { name: f.name })} onClick={() => move(f.id, -1)}>{say('adminPanel.facilitators.up')}</button>
                <button type="button" className="button button--small button--quiet" disabled={at === shown.length - 1} data-move={`${f.id} 1`}
                  aria-label={say('adminPanel.facilitators.moveDown', { name: f.name })} onClick={() => move(f.id, 1)}>{say('adminPanel.facilitators.down')}</button>
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
