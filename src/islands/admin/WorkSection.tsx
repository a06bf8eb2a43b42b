import { useState } from 'react';
import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel } from './messages.ts';
import { TableBox } from './TableBox.tsx';
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
          <TableBox label={say('adminPanel.work.topics')}>
            <table className="admin-table admin-table--stack" aria-labelledby="work-topics">
              <thead><tr>
                <th scope="col">{say('adminPanel.work.topic')}</th><th scope="col" className="num">{say('adminPanel.work.pending')}</th>
                <th scope="col" className="num">{say('adminPanel.work.failed')}</th><th scope="col">{say('adminPanel.work.nextDue')}</th>
              </tr></thead>
              <tbody>
                {topics.map((c) => (
                  <tr key={c.topic} data-topic={c.topic}>
                    <td data-label={say('adminPanel.work.topic')}>
                      <button type="button" className="button button--small button--quiet" aria-pressed={topic === c.topic}
                        aria-label={say('adminPanel.work.showTopic', { topic: c.words })} onClick={() => choose({ topic: topic === c.topic ? '' : c.topic })}>{c.words}</button>
                    </td>
                    <td data-label={say('adminPanel.work.pending')} className="num">{c.pending}</td>
                    <td data-label={say('adminPanel.work.failed')} className="num">{c.failed}</td>
                    <td data-label={say('adminPanel.work.nextDue')} className="nowrap">{c.nextDueAt ? formatDateTime(c.nextDueAt, lang) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
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
          <TableBox label={say('adminPanel.work.rows')}>
            <table className="admin-table admin-table--stack" aria-labelledby="work-rows">
              <thead><tr>
                <th scope="col">{say('adminPanel.work.topic')}</th><th scope="col">{say('adminPanel.work.due')}</th>
                <th scope="col" className="num">{say('adminPanel.work.attempts')}</th><th scope="col">{say('adminPanel.work.error')}</th>
              </tr></thead>
              <tbody>
                {items.map((r) => (
                  <tr key={r.id} data-work={r.topic}>
                    <td data-label={say('adminPanel.work.topic')}>{r.words}{r.inFlight && <> <small className="admin-hint">({say('adminPanel.work.inFlight')})</small></>}</td>
                    <td data-label={say('adminPanel.work.due')} className="nowrap">{formatDateTime(r.dueAt, lang)}</td>
                    <td data-label={say('adminPanel.work.attempts')} className="num">{r.attempts}</td>
                    <td data-label={say('adminPanel.work.error')}>{r.lastError ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
        <Pager page={page} pages={Math.max(1, Math.ceil(total / Math.max(pageSize, 1)))} onPage={setPage} />
      </>
    )}</Loaded>
  );
}
