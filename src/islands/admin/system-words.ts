import type { Lang } from '../../../modules/shared/text/index.ts';
import { formatDateTime } from './format.ts';
import type { Say } from './messages.ts';
import type { SystemItem } from './types.ts';

const locale = (lang: Lang) => (lang === 'pl' ? 'pl-PL' : 'en-GB');

/** Bytes as the admin reads them: "1,5 GB" in Polish, "1.5 GB" in English. */
export function formatBytes(bytes: number, lang: Lang): string {
  const units = [['gigabyte', 1024 ** 3], ['megabyte', 1024 ** 2], ['kilobyte', 1024]] as const;
  const [unit, size] = units.find(([, s]) => bytes >= s) ?? ['byte', 1];
  return new Intl.NumberFormat(locale(lang), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / size);
}

/** A wait in seconds in the largest whole unit: "20 minut", "3 hours". */
export function formatAge(seconds: number, lang: Lang): string {
  const units = [['day', 86_400], ['hour', 3600], ['minute', 60], ['second', 1]] as const;
  const [unit, size] = units.find(([, s]) => seconds >= s) ?? ['second', 1];
  return new Intl.NumberFormat(locale(lang), { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(Math.floor(seconds / size));
}

/** The item's name: a lane's and an outside system's come from their own words. */
export function itemLabel(item: SystemItem, say: Say): string {
  if (item.id.startsWith('backlog.')) return say('adminPanel.system.item.backlog', { lane: say(`adminPanel.system.lane.${String(item.facts['lane'])}` as Parameters<Say>[0]) });
  if (item.id.startsWith('follower.')) return say('adminPanel.system.item.follower');
  return say(`adminPanel.system.item.${item.id}` as Parameters<Say>[0]);
}

/** What the item's facts say, in a sentence. */
export function itemValue(item: SystemItem, say: Say, lang: Lang): string {
  const f = item.facts;
  const when = (iso: unknown) => (typeof iso === 'string' ? formatDateTime(iso, lang) : say('adminPanel.system.never'));
  const n = (x: unknown) => Number(x ?? 0);
  if (item.advice === 'check-failed') return say('adminPanel.system.notChecked');
  if (item.id === 'version') {
    const commit = typeof f['commit'] === 'string' ? f['commit'].slice(0, 12) : say('adminPanel.system.unknown');
    const built = typeof f['builtAt'] === 'string' ? formatDateTime(f['builtAt'], lang) : say('adminPanel.system.unknown');
    const line = say('adminPanel.system.value.version', { version: String(f['version']), commit, builtAt: built });
    return typeof f['imageBuiltAt'] === 'string' ? `${line}; ${say('adminPanel.system.value.image', { at: formatDateTime(f['imageBuiltAt'], lang) })}` : line;
  }
  if (item.id === 'migrations') return say('adminPanel.system.value.migrations', { applied: n(f['applied']), known: n(f['known']), latest: String(f['latest'] ?? '—') });
  if (item.id === 'database') return say(`adminPanel.system.value.database.${f['kind'] === 'postgres' ? 'postgres' : 'pglite'}`, { size: formatBytes(n(f['sizeBytes']), lang) });
  if (item.id === 'connections') {
    return f['inUse'] === null ? say('adminPanel.system.value.connections.pglite')
      : say('adminPanel.system.value.connections.postgres', { inUse: n(f['inUse']), max: n(f['max']), pool: n(f['pool']) });
  }
  if (item.id.startsWith('backlog.')) {
    return n(f['due']) === 0 ? say('adminPanel.system.value.backlog.empty', { failed: n(f['failed']) })
      : say('adminPanel.system.value.backlog', { due: n(f['due']), age: formatAge(n(f['oldestAgeSeconds']), lang), failed: n(f['failed']) });
  }
  if (item.id.startsWith('follower.')) {
    return n(f['behindBy']) === 0 || f['oldestUnreadAgeSeconds'] === null ? say('adminPanel.system.value.follower.current')
      : say('adminPanel.system.value.follower.behind', { behindBy: n(f['behindBy']), age: formatAge(n(f['oldestUnreadAgeSeconds']), lang) });
  }
  // A failed drill says when and why (the drill's message, from the server, in English like the log).
  if (item.id === 'backup.drillFailed') return `${formatDateTime(String(f['at']), lang)}: ${String(f['message'])}`;
  // The issue's own line: "Ostatnia sprawdzona kopia: <date>, OK".
  if (item.id === 'backup.verifiedRestore' && item.status === 'ok' && typeof f['at'] === 'string') return say('adminPanel.system.value.backup.verified', { at: formatDateTime(f['at'], lang) });
  if (item.id.startsWith('backup.')) return typeof f['at'] === 'string' ? formatDateTime(f['at'], lang) : say('adminPanel.system.value.backup.none');
  if (item.id.startsWith('outside.')) {
    if (!f['configured']) return say('adminPanel.system.value.outside.off');
    const failure = typeof f['lastFailureAt'] === 'string' ? `${when(f['lastFailureAt'])} (${String(f['lastFailure'])})` : when(null);
    return say('adminPanel.system.value.outside', { success: when(f['lastSuccessAt']), failure });
  }
  if (item.id === 'disk') return say('adminPanel.system.value.disk', { free: formatBytes(n(f['freeBytes']), lang), total: formatBytes(n(f['totalBytes']), lang), percent: new Intl.NumberFormat(locale(lang)).format(n(f['freePercent'])) });
  if (item.id === 'publicUrl') return f['defaulted'] ? say('adminPanel.system.value.publicUrl.defaulted', { url: String(f['url']) }) : String(f['url']);
  return '';
}
