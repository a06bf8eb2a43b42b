import type { OutsideStatus, OutsideSystem } from '../shared/outside/index.ts';
import type { BackupFacts, FollowerLag, Lane, TopicBacklog } from './ports.ts';

/**
 * When each item of the system page needs the admin's attention, as pure rules (tests/modules/operations). An item
 * that needs attention names what to do as an advice code; the catalogue words it (adminPanel.system.advice.<code>).
 */
export type Status = 'ok' | 'attention';
export type Fact = string | number | boolean | null;
export type SystemItem = { id: string; status: Status; facts: Record<string, Fact>; advice: Advice | null };

export const ADVICE = [
  'migrations-pending', 'migrations-unknown', 'connections-high', 'backlog-old', 'backlog-failed', 'follower-behind',
  'disk-low', 'smtp-off', 'smtp-failing', 'stripe-off', 'stripe-failing', 'ksef-failing', 's3-failing',
  'public-url-defaulted', 'public-url-http', 'backup-missing', 'backup-old', 'restore-missing', 'restore-old', 'restore-failed', 'check-failed',
] as const;
export type Advice = (typeof ADVICE)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Work due for longer than this is not being done: no worker takes it, or each attempt fails. */
export const BACKLOG_ATTENTION_MS = 15 * MINUTE;
/** Events recorded longer ago than this and still not applied: this instance's memory is stale. */
export const FOLLOWER_ATTENTION_MS = MINUTE;
/** Less free than either is attention: a share for small disks, an amount for large ones. */
export const DISK_MIN_SHARE = 0.1;
export const DISK_MIN_BYTES = 2 * 1024 ** 3;
/** Connections in use past this share of the server's max_connections. */
export const CONNECTIONS_MAX_SHARE = 0.8;
/** A daily backup a little late is fine; one missed is not. */
export const BACKUP_MAX_AGE_MS = 26 * HOUR;
/** The drill: the admin hears of it when it has not passed for 8 days. */
export const RESTORE_MAX_AGE_MS = 8 * DAY;

const item = (id: string, facts: Record<string, Fact>, advice: Advice | null = null): SystemItem =>
  ({ id, status: advice ? 'attention' : 'ok', facts, advice });
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An item whose facts could not be gathered (a query or a file system call failed): the server log says why. */
export const uncheckedItem = (id: string): SystemItem => item(id, {}, 'check-failed');

export function versionItem(build: { version: string; commit: string | null; builtAt: string | null; imageBuiltAt: string | null }): SystemItem {
  return item('version', { ...build });
}

/** `applied` in the order they ran. Pending: the code knows migrations the database lacks. Unknown: the database has some this code does not know (a newer version ran). */
export function migrationsItem(applied: readonly string[], known: readonly string[]): SystemItem {
  const done = new Set(applied);
  const knownSet = new Set(known);
  const pending = known.filter((m) => !done.has(m)).length;
  const unknown = applied.filter((m) => !knownSet.has(m)).length;
  const latest = applied.at(-1) ?? null;
  const facts = { applied: applied.length, known: known.length, pending, unknown, latest };
  return item('migrations', facts, unknown > 0 ? 'migrations-unknown' : pending > 0 ? 'migrations-pending' : null);
}

export function databaseItem(kind: 'pglite' | 'postgres', sizeBytes: number): SystemItem {
  return item('database', { kind, sizeBytes });
}

export function connectionsItem(c: { pool: number; inUse: number | null; max: number | null }): SystemItem {
  const high = c.inUse !== null && c.max !== null && c.max > 0 && c.inUse / c.max > CONNECTIONS_MAX_SHARE;
  return item('connections', { ...c }, high ? 'connections-high' : null);
}

/** A lane's topics among the counted ones: its own, or (the general worker) every topic no other lane names. */
export function laneTopics(lane: Lane, lanes: readonly Lane[], counted: readonly TopicBacklog[]): TopicBacklog[] {
  if (lane.topics) return counted.filter((t) => lane.topics!.includes(t.topic));
  const elsewhere = new Set(lanes.flatMap((l) => l.topics ?? []));
  return counted.filter((t) => !elsewhere.has(t.topic));
}

/** A lane is attention when its oldest due work has waited 15 minutes, or when work in it was given up. */
export function backlogItem(lane: string, topics: readonly TopicBacklog[], now: Date): SystemItem {
  const due = topics.reduce((n, t) => n + t.due, 0);
  const failed = topics.reduce((n, t) => n + t.failed, 0);
  const oldest = topics.map((t) => t.oldestDueSince).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  const ageMs = oldest ? Math.max(0, now.getTime() - oldest.getTime()) : null;
  const advice = ageMs !== null && ageMs > BACKLOG_ATTENTION_MS ? 'backlog-old' : failed > 0 ? 'backlog-failed' : null;
  return item(`backlog.${lane}`, { lane, due, failed, oldestDueSince: iso(oldest), oldestAgeSeconds: ageMs === null ? null : Math.floor(ageMs / 1000) }, advice);
}

export function followerItem(f: FollowerLag, now: Date): SystemItem {
  const ageMs = f.behindBy > 0 && f.oldestUnreadAt ? Math.max(0, now.getTime() - f.oldestUnreadAt.getTime()) : null;
  const facts = { name: f.name, behindBy: f.behindBy, oldestUnreadAgeSeconds: ageMs === null ? null : Math.floor(ageMs / 1000) };
  return item(`follower.${f.name}`, facts, ageMs !== null && ageMs > FOLLOWER_ATTENTION_MS ? 'follower-behind' : null);
}

/** Attention below 10% free or below 2 GB free, whichever comes first. */
export function diskItem(free: number, total: number): SystemItem {
  const share = total > 0 ? free / total : 0;
  return item('disk', { freeBytes: free, totalBytes: total, freePercent: Math.floor(share * 1000) / 10 },
    share < DISK_MIN_SHARE || free < DISK_MIN_BYTES ? 'disk-low' : null);
}

/**
 * SMTP and Stripe unset is attention (mail stays in the dev mailbox; the test checkout takes "payments" without money);
 * KSeF and S3 unset are choices (no e-invoices sent; files under DATA_DIR). Configured, a system whose last failure is
 * later than its last success is failing now.
 */
export function outsideItem(status: OutsideStatus, configured: boolean): SystemItem {
  const facts = { system: status.system, configured, lastSuccessAt: iso(status.lastSuccessAt), lastFailureAt: iso(status.lastFailureAt), lastFailure: status.lastFailure };
  const failing = status.lastFailureAt !== null && (status.lastSuccessAt === null || status.lastFailureAt > status.lastSuccessAt);
  const unset: Partial<Record<OutsideSystem, Advice>> = { smtp: 'smtp-off', stripe: 'stripe-off' };
  const advice = !configured ? unset[status.system] ?? null : failing ? (`${status.system}-failing` as Advice) : null;
  return item(`outside.${status.system}`, facts, advice);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Visitors, mail links and the session cookie use PUBLIC_URL: unset, or plain http on a real host, is attention. */
export function publicUrlItem(url: string, defaulted: boolean): SystemItem {
  const parsed = new URL(url);
  const plain = parsed.protocol === 'http:' && !LOCAL_HOSTS.has(parsed.hostname);
  return item('publicUrl', { url, defaulted }, defaulted ? 'public-url-defaulted' : plain ? 'public-url-http' : null);
}

/** The last backup within 26 hours and a restore verified within 8 days (the drill); a last drill that failed. */
export function backupItems(facts: BackupFacts, now: Date): SystemItem[] {
  const age = (d: Date | null) => (d ? now.getTime() - d.getTime() : null);
  const backupAge = age(facts.lastBackupAt);
  const restoreAge = age(facts.lastVerifiedRestoreAt);
  return [
    item('backup.last', { at: iso(facts.lastBackupAt) }, backupAge === null ? 'backup-missing' : backupAge > BACKUP_MAX_AGE_MS ? 'backup-old' : null),
    item('backup.verifiedRestore', { at: iso(facts.lastVerifiedRestoreAt) }, restoreAge === null ? 'restore-missing' : restoreAge > RESTORE_MAX_AGE_MS ? 'restore-old' : null),
    ...(facts.lastDrillFailed ? [item('backup.drillFailed', { at: iso(facts.lastDrillFailed.at), message: facts.lastDrillFailed.message }, 'restore-failed')] : []),
  ];
}
