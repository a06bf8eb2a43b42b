import { useState } from 'react';
import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel } from './messages.ts';
import { StackTable } from './TableBox.tsx';
import type { BackgroundWork, WorkView } from './types.ts';
import { Loaded, Pager } from './ui.tsx';

const VIEWS: readonly WorkView[] = ['upcoming', 'failed'];

/**
 * Background work (issue 24): the outbox's waiting rows by kind, with counts and the next due time, then the rows
 * themselves page by page (the soonest due first, or the latest given up): kind in words, due time on Warsaw's
 * clock, attempts and the last error. Payloads are never shown: they may hold a person's data.
 */
export default function WorkSection() {
  const { say, lang } = usePanel();
  const [view, setView] = useState<WorkView>('upcoming');
  const [topic, setTopic] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams([['view', view], ...(topic ? [['topic', topic]] : []), ['page', String(page)]]);
  const [work, reload] = useResource<BackgroundWork>(`/api/admin/background-work?${query}`);
  const choose = (next: { view?: WorkView; topic?: string }) => {
    if (next.view !== undefined) setView(next.view);
    if (next.topic !== undefined) setTopic(next.topic);
    setPage(1);
  };

  return (
    <Loaded resource={work}>{({ topics, items, total, pageSize }) => (
      <>
        <p className="admin-hint">{say('adminPanel.work.intro')}</p>
        <h3 id="work-topics">{say('adminPanel.work.topics')}</h3>
        {topics.length === 0 ? <p className="empty">{say('adminPanel.work.noTopics')}</p> : (
          <StackTable label={say('adminPanel.work.topics')} labelledBy="work-topics" rows={topics} rowKey={(c) => c.topic} rowData={(c) => ({ 'data-topic': c.topic })} columns={[
            { label: say('adminPanel.work.topic'), cell: (c) => (
              <button type="button" className="button button--small button--quiet" aria-pressed={topic === c.topic}
                aria-label={say('adminPanel.work.showTopic', { topic: c.words })} onClick={() => choose({ topic: topic === c.topic ? '' : c.topic })}>{c.words}</button>
            ) },
            { label: say('adminPanel.work.pending'), numeric: true, cell: (c) => c.pending },
            { label: say('adminPanel.work.failed'), numeric: true, cell: (c) => c.failed },
            { label: say('adminPanel.work.nextDue'), nowrap: true, cell: (c) => (c.nextDueAt ? formatDateTime(c.nextDueAt, lang) : '—') },
          ]} />
        )}
        <h3 id="work-rows">{say('adminPanel.work.rows')}</h3>
        <div className="admin-toolbar">
          <div className="field">
            <label htmlFor="work-view">{say('adminPanel.work.view')}</label>
            <select id="work-view" value={view} onChange={(e) => choose({ view: e.target.value as WorkView })}>
              {VIEWS.map((v) => <option key={v} value={v}>{say(`adminPanel.work.view.${v}`)}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="work-topic">{say('adminPanel.work.topic')}</label>
            <select id="work-topic" value={topic} onChange={(e) => choose({ topic: e.target.value })}>
              <option value="">{say('adminPanel.work.allTopics')}</option>
              {topics.map((c) => <option key={c.topic} value={c.topic}>{c.words}</option>)}
            </select>
          </div>
          <button type="button" className="button button--quiet" onClick={reload}>{say('adminPanel.work.refresh')}</button>
        </div>
        <p className="admin-count" role="status">{say('adminPanel.work.total', { total })}</p>
        {items.length === 0 ? <p className="empty">{say('adminPanel.work.empty')}</p> : (
          <StackTable label={say('adminPanel.work.rows')} labelledBy="work-rows" rows={items} rowKey={(r) => String(r.id)} rowData={(r) => ({ 'data-work': r.topic })} columns={[
            { label: say('adminPanel.work.topic'), cell: (r) => <>{r.words}{r.inFlight && <> <small className="admin-hint">({say('adminPanel.work.inFlight')})</small></>}</> },
            { label: say('adminPanel.work.due'), nowrap: true, cell: (r) => formatDateTime(r.dueAt, lang) },
            { label: say('adminPanel.work.attempts'), numeric: true, cell: (r) => r.attempts },
            { label: say('adminPanel.work.error'), cell: (r) => r.lastError ?? '—' },
          ]} />
        )}
        <Pager page={page} pages={Math.max(1, Math.ceil(total / Math.max(pageSize, 1)))} onPage={setPage} />
      </>
    )}</Loaded>
  );
}
