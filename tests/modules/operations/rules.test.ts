import { describe, expect, it } from 'vitest';
import {
  backlogItem, backupItems, connectionsItem, diskItem, followerItem, laneTopics, migrationsItem, outsideItem, publicUrlItem,
} from '../../../modules/operations/rules.ts';

const now = new Date('2026-12-07T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const GB = 1024 ** 3;

describe('free disk under DATA_DIR', () => {
  it('given 50 GB free of 100, then it is ok', () => {
    expect(diskItem(50 * GB, 100 * GB)).toMatchObject({ status: 'ok', advice: null, facts: { freePercent: 50 } });
  });
  it('given 9% free of a large disk, then it needs attention: free some space', () => {
    expect(diskItem(9 * GB, 100 * GB)).toMatchObject({ status: 'attention', advice: 'disk-low' });
  });
  it('given 1.5 GB free of a small 10 GB disk (15%), then it needs attention: under 2 GB', () => {
    expect(diskItem(1.5 * GB, 10 * GB)).toMatchObject({ status: 'attention', advice: 'disk-low' });
  });
  it('given exactly 10% and more than 2 GB free, then it is ok', () => {
    expect(diskItem(3 * GB, 30 * GB).status).toBe('ok');
  });
});

describe('an outbox lane\'s backlog', () => {
  const reminders = (oldest: Date | null, failed = 0) => [{ topic: 'meeting-reminder', due: oldest ? 3 : 0, failed, oldestDueSince: oldest }];
  it('given nothing due, then it is ok', () => {
    expect(backlogItem('reminders', reminders(null), now)).toMatchObject({ id: 'backlog.reminders', status: 'ok', facts: { due: 0, oldestAgeSeconds: null } });
  });
  it('given work due for 14 minutes, then it is ok: a worker is on it', () => {
    expect(backlogItem('reminders', reminders(ago(14 * MIN)), now)).toMatchObject({ status: 'ok', facts: { due: 3, oldestAgeSeconds: 840 } });
  });
  it('given work due for more than 15 minutes, then it needs attention: nothing takes it', () => {
    expect(backlogItem('reminders', reminders(ago(15 * MIN + 1000)), now)).toMatchObject({ status: 'attention', advice: 'backlog-old' });
  });
  it('given work given up, then it needs attention: look at it in background work', () => {
    expect(backlogItem('reminders', reminders(null, 2), now)).toMatchObject({ status: 'attention', advice: 'backlog-failed', facts: { failed: 2 } });
  });
  it('when lanes are counted, then the general worker has every topic no other lane names', () => {
    const counted = [{ topic: 'mail', due: 1, failed: 0, oldestDueSince: null }, { topic: 'campaign-mail', due: 5, failed: 0, oldestDueSince: null }];
    const lanes = [{ name: 'general', topics: null }, { name: 'campaigns', topics: ['campaign-mail'] }];
    expect(laneTopics(lanes[0]!, lanes, counted).map((t) => t.topic)).toEqual(['mail']);
    expect(laneTopics(lanes[1]!, lanes, counted).map((t) => t.topic)).toEqual(['campaign-mail']);
  });
});

describe('the event log\'s followers', () => {
  it('given a follower that has read everything, then it is ok', () => {
    expect(followerItem({ name: 'pages', behindBy: 0, oldestUnreadAt: null }, now)).toMatchObject({ status: 'ok', facts: { behindBy: 0 } });
  });
  it('given events recorded a moment ago not read yet, then it is ok: it is reading them', () => {
    expect(followerItem({ name: 'pages', behindBy: 4, oldestUnreadAt: ago(2000) }, now).status).toBe('ok');
  });
  it('given an event unread for more than a minute, then it needs attention', () => {
    expect(followerItem({ name: 'pages', behindBy: 4, oldestUnreadAt: ago(61_000) }, now)).toMatchObject({ status: 'attention', advice: 'follower-behind', facts: { oldestUnreadAgeSeconds: 61 } });
  });
});

describe('the migration level', () => {
  it('given every known migration applied, then it is ok and names the last one run (not the last by name)', () => {
    expect(migrationsItem(['0001_a', 'purchases_0004_b', '0005_c'], ['0001_a', '0005_c', 'purchases_0004_b'])).toMatchObject({ status: 'ok', facts: { applied: 3, pending: 0, latest: '0005_c' } });
  });
  it('given a known migration not applied, then it needs attention: restart to migrate', () => {
    expect(migrationsItem(['0001_a'], ['0001_a', '0002_b'])).toMatchObject({ status: 'attention', advice: 'migrations-pending', facts: { pending: 1 } });
  });
  it('given a migration this code does not know, then it needs attention: a newer version ran on this database', () => {
    expect(migrationsItem(['0001_a', '0009_new'], ['0001_a'])).toMatchObject({ status: 'attention', advice: 'migrations-unknown', facts: { unknown: 1 } });
  });
});

describe('connections', () => {
  it('given 50 of 100 in use, then it is ok', () => {
    expect(connectionsItem({ pool: 10, inUse: 50, max: 100 }).status).toBe('ok');
  });
  it('given 81 of 100 in use, then it needs attention', () => {
    expect(connectionsItem({ pool: 10, inUse: 81, max: 100 })).toMatchObject({ status: 'attention', advice: 'connections-high' });
  });
  it('given the embedded database (no server to ask), then it is ok', () => {
    expect(connectionsItem({ pool: 1, inUse: null, max: null }).status).toBe('ok');
  });
});

describe('outside systems', () => {
  const status = (system: 'smtp' | 'stripe' | 'ksef' | 's3', success: Date | null, failure: Date | null) =>
    ({ system, lastSuccessAt: success, lastFailureAt: failure, lastFailure: failure ? 'ECONNREFUSED' : null });
  it('given SMTP configured whose last call failed after its last success, then it needs attention', () => {
    expect(outsideItem(status('smtp', ago(10 * MIN), ago(MIN)), true)).toMatchObject({ id: 'outside.smtp', status: 'attention', advice: 'smtp-failing', facts: { lastFailure: 'ECONNREFUSED' } });
  });
  it('given a failure followed by a success, then it is ok again', () => {
    expect(outsideItem(status('s3', ago(MIN), ago(10 * MIN)), true).status).toBe('ok');
  });
  it('given Stripe configured and never called yet, then it is ok', () => {
    expect(outsideItem(status('stripe', null, null), true).status).toBe('ok');
  });
  it('given SMTP or Stripe not configured, then it needs attention: mail is not sent, payments are not taken', () => {
    expect(outsideItem(status('smtp', null, null), false).advice).toBe('smtp-off');
    expect(outsideItem(status('stripe', null, null), false).advice).toBe('stripe-off');
  });
  it('given KSeF or S3 not configured, then it is ok: off is a choice', () => {
    expect(outsideItem(status('ksef', null, null), false).status).toBe('ok');
    expect(outsideItem(status('s3', null, null), false).status).toBe('ok');
  });
});

describe('the public URL', () => {
  it('given https, then it is ok', () => {
    expect(publicUrlItem('https://sklep.example.org', false).status).toBe('ok');
  });
  it('given none set, then it needs attention: set PUBLIC_URL', () => {
    expect(publicUrlItem('http://localhost:3000', true).advice).toBe('public-url-defaulted');
  });
  it('given plain http on a real host, then it needs attention; on this machine it is ok', () => {
    expect(publicUrlItem('http://sklep.example.org', false).advice).toBe('public-url-http');
    expect(publicUrlItem('http://127.0.0.1:4321', false).status).toBe('ok');
  });
});

describe('backups (facts from modules/backup)', () => {
  it('given a backup 2 hours old and a restore verified 3 days ago, then both are ok', () => {
    expect(backupItems({ lastBackupAt: ago(2 * 60 * MIN), lastVerifiedRestoreAt: ago(3 * 24 * 60 * MIN) }, now).map((i) => i.status)).toEqual(['ok', 'ok']);
  });
  it('given no backup and no verified restore, then both need attention', () => {
    expect(backupItems({ lastBackupAt: null, lastVerifiedRestoreAt: null }, now).map((i) => i.advice)).toEqual(['backup-missing', 'restore-missing']);
  });
  it('given a backup 27 hours old and a restore verified 9 days ago, then both need attention', () => {
    expect(backupItems({ lastBackupAt: ago(27 * 60 * MIN), lastVerifiedRestoreAt: ago(9 * 24 * 60 * MIN) }, now).map((i) => i.advice)).toEqual(['backup-old', 'restore-old']);
  });
  it('given the last drill failed, then a third item says when and why, needing attention', () => {
    const items = backupItems({ lastBackupAt: ago(60 * MIN), lastVerifiedRestoreAt: ago(24 * 60 * MIN), lastDrillFailed: { at: ago(30 * MIN), message: 'The restored read models differ from the backup\'s: users.' } }, now);
    expect(items.map((i) => [i.id, i.advice])).toEqual([['backup.last', null], ['backup.verifiedRestore', null], ['backup.drillFailed', 'restore-failed']]);
    expect(items[2]!.facts).toEqual({ at: ago(30 * MIN).toISOString(), message: 'The restored read models differ from the backup\'s: users.' });
  });
});
