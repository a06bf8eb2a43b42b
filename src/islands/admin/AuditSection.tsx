import { useState, type FormEvent } from 'react';
import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel, type PanelKey } from './messages.ts';
import { StackTable } from './TableBox.tsx';
import { Loaded, Pager } from './ui.tsx';
import type { AuditEntry, Paged } from './types.ts';
import { useHydrated } from '../shared/useHydrated.ts';

const TYPES = ['purchase', 'refund', 'campaign', 'deletion', 'article', 'catalogue', 'invoicing', 'seats'] as const;
type Filter = { type: string; from: string; to: string; subject: string };

const typeLabel = (type: string): PanelKey | null => ((TYPES as readonly string[]).includes(type) ? `adminPanel.audit.${type as (typeof TYPES)[number]}` : null);

/**
 * The audit trail (issue 11): who did what and when, from the event log, filtered by type, days and subject (a stable
 * id: a product's key still finds its entries after a rename), page by page, and downloadable as CSV as filtered.
 */
export default function AuditSection() {
  const hydrated = useHydrated();
  const { say, lang } = usePanel();
  const [draft, setDraft] = useState<Filter>({ type: '', from: '', to: '', subject: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const [page, setPage] = useState(1);
  const filtered = Object.entries(filter).filter(([, v]) => v.trim() !== '');
  const query = new URLSearchParams([...filtered, ['page', String(page)]]);
  const [entries] = useResource<Paged<AuditEntry>>(`/api/admin/audit?${query}`);

  function show(next: Filter) {
    setDraft(next);
    setFilter(next);
    setPage(1);
  }
  function apply(event: FormEvent) {
    event.preventDefault();
    show(draft);
  }

  return (
    <>
      <form className="admin-toolbar" onSubmit={apply}>
        <div className="field">
          <label htmlFor="audit-type">{say('adminPanel.audit.type')}</label>
          <select id="audit-type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
            <option value="">{say('adminPanel.audit.all')}</option>
            {TYPES.map((t) => <option key={t} value={t}>{say(`adminPanel.audit.${t}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">{say('adminPanel.audit.from')}</label>
          <input id="audit-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{say('adminPanel.audit.to')}</label>
          <input id="audit-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="audit-subject">{say('adminPanel.audit.subject')}</label>
          <input id="audit-subject" type="text" value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />
        </div>
        <button type="submit" disabled={!hydrated} className="button">{say('adminPanel.audit.filter')}</button>
        <a className="button button--quiet" href={`/api/admin/audit?${new URLSearchParams([...filtered, ['format', 'csv']])}`} download>{say('adminPanel.audit.csv')}</a>
      </form>
      <Loaded resource={entries}>{({ items, total, pageSize }) => (
        <>
          <p className="admin-count" role="status">{say('adminPanel.audit.total', { total })}</p>
          {items.length === 0 ? <p className="empty">{say('adminPanel.audit.empty')}</p> : (
            <StackTable label={say('adminPanel.tab.audit')} rows={items} rowKey={(e) => String(e.position)} columns={[
              { label: say('adminPanel.audit.when'), cell: (e) => formatDateTime(e.at, lang) },
              { label: say('adminPanel.audit.type'), cell: (e) => { const label = typeLabel(e.type); return label ? say(label) : e.type; } },
              { label: say('adminPanel.audit.who'), cell: (e) => e.actor?.name ?? say('adminPanel.audit.system') },
              { label: say('adminPanel.audit.what'), cell: (e) => (
                <>
                  {e.summary}
                  {e.subject && (
                    <> <button type="button" className="button button--small button--quiet" onClick={() => show({ ...filter, subject: e.subject!.id })}
                      aria-label={say('adminPanel.audit.bySubject', { id: e.subject.id })}>{e.subject.id}</button></>
                  )}
                </>
              ) },
            ]} />
          )}
          <Pager page={page} pages={Math.max(1, Math.ceil(total / Math.max(pageSize, 1)))} onPage={setPage} />
        </>
      )}</Loaded>
    </>
  );
}
