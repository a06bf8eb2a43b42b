import { useResource } from './api.ts';
import { formatDateTime } from './format.ts';
import { usePanel } from './messages.ts';
import { itemLabel, itemValue } from './system-words.ts';
import type { SystemReport } from './types.ts';
import { Loaded } from './ui.tsx';

/**
 * The system page (issue 35): version, database, background work, backups, outside services and the server, each
 * item ok or needing attention, and then what to do. Read-only; "Check again" asks the server anew.
 */
export default function SystemSection() {
  const { say, lang } = usePanel();
  const [report, reload] = useResource<SystemReport>('/api/admin/system');
  return (
    <Loaded resource={report}>{({ checkedAt, groups }) => {
      const attention = groups.flatMap((g) => g.items).filter((i) => i.status === 'attention').length;
      return (
        <>
          <p className="admin-hint">{say('adminPanel.system.intro')}</p>
          <div className="admin-toolbar">
            <p className="admin-count" role="status">
              {attention === 0 ? say('adminPanel.system.allOk') : say('adminPanel.system.needsAttention', { count: attention })}
              {' '}<small className="admin-hint">{say('adminPanel.system.checkedAt', { at: formatDateTime(checkedAt, lang) })}</small>
            </p>
            <button type="button" className="button button--quiet" onClick={reload}>{say('adminPanel.system.refresh')}</button>
          </div>
          {groups.filter((g) => g.items.length > 0).map((group) => (
            <section key={group.id} aria-labelledby={`system-${group.id}`} className="admin-system-group">
              <h3 id={`system-${group.id}`}>{say(`adminPanel.system.group.${group.id}` as Parameters<typeof say>[0])}</h3>
              <ul className="admin-system">
                {group.items.map((item) => (
                  <li key={item.id} data-item={item.id} data-status={item.status} className={`admin-system__item admin-system__item--${item.status}`}>
                    <div className="admin-system__head">
                      <strong>{itemLabel(item, say)}</strong>
                      <span className="admin-system__status">{say(`adminPanel.system.status.${item.status}`)}</span>
                    </div>
                    <p className="admin-system__value">{itemValue(item, say, lang)}</p>
                    {item.whatToDo && <p className="admin-system__todo"><strong>{say('adminPanel.system.whatToDo')}</strong> {item.whatToDo}</p>}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      );
    }}</Loaded>
  );
}
