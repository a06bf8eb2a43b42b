import { useEffect, useRef, useState, type ReactNode } from 'react';
import Dialog from '../shared/Dialog.tsx';
import type { Resource } from './api.ts';
import { usePanel } from './messages.ts';

/**
 * What the last action did: a polite status, or an alert when it failed. `focus` after a deletion: the button
 * that was pressed goes away with its row, so the reader is taken to what happened instead of to the page's top.
 */
export type Note = { kind: 'ok' | 'error'; text: string; focus?: boolean } | null;

export function NoteLine({ note }: { note: Note }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => { if (note?.focus) ref.current?.focus(); }, [note]);
  return (
    <p ref={ref} tabIndex={-1} className={`admin-note ${note?.kind === 'error' ? 'status--error' : ''}`} role={note?.kind === 'error' ? 'alert' : 'status'}>
      {note?.text ?? ''}
    </p>
  );
}

/** Loading and failure of a resource (spec 8: the server's message or "Nie udało się pobrać danych."); the content once ready. */
export function Loaded<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => ReactNode }) {
  const { say } = usePanel();
  if (resource.state === 'loading') return <p className="status" role="status"><span className="spinner" aria-hidden="true" /> {say('adminPanel.loading')}</p>;
  if (resource.state === 'error') return <p className="status status--error" role="alert">{resource.message ?? say('admin.loadFailed')}</p>;
  return <>{children(resource.data)}</>;
}

/** Previous / next with "Page n of m"; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage, of }: { page: number; pages: number; onPage: (page: number) => void; of?: string }) {
  const { say } = usePanel();
  if (pages <= 1) return null;
  // `of`: what is paged, named when a section pages two things (each landmark then has a name of its own).
  return (
    <nav className="admin-pager" aria-label={of ? `${say('adminPanel.pagination')}: ${of}` : say('adminPanel.pagination')}>
      <button type="button" className="button button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>{say('adminPanel.previous')}</button>
      <span aria-live="polite">{say('adminPanel.pageOf', { page, pages })}</span>
      <button type="button" className="button button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>{say('adminPanel.next')}</button>
    </nav>
  );
}

/** Slices a list into pages of `size` and keeps the page in range when the list shrinks. */
export function usePages<T>(items: readonly T[], size: number) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  return { page: current, pages, setPage, shown: items.slice((current - 1) * size, current * size) };
}

type Confirm = { question: string; action: string; onConfirm: () => Promise<void> | void; onClose: () => void };

/** Asks before a consequential action (spec 5: deleting a user or an article asks for confirmation). */
export function ConfirmDialog({ question, action, onConfirm, onClose }: Confirm) {
  const { say } = usePanel();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onClose} label={say('adminPanel.confirm')} closeLabel={say('adminPanel.close')} className="admin-dialog">
      <h2 className="admin-dialog__title">{say('adminPanel.confirm')}</h2>
      <p>{question}</p>
      <div className="admin-actions">
        <button type="button" className="button button--danger" disabled={busy}
          onClick={async () => { setBusy(true); await onConfirm(); setBusy(false); }}>{action}</button>
        <button type="button" className="button button--quiet" onClick={onClose}>{say('adminPanel.cancel')}</button>
      </div>
    </Dialog>
  );
}
