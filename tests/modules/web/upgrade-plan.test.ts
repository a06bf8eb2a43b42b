import { describe, expect, it } from 'vitest';
import { afterBackupFailed, planUpgrade } from '../../../src/server/upgrade-plan.ts';

const known = ['0001_event_store', '0002_dev_mailbox', 'accounts_0001_users'];

describe('planUpgrade: what a starting server does with its database', () => {
  it('given a database never migrated, when the server starts, then it migrates everything without a backup (a first start)', () => {
    expect(planUpgrade({ applied: [], known })).toEqual({ action: 'migrate', pending: [...known].sort(), backupFirst: false });
  });

  it('given every known migration applied, when the server starts, then it starts the shop', () => {
    expect(planUpgrade({ applied: known, known })).toEqual({ action: 'start' });
  });

  it('given some applied and new ones known, when the server starts, then it backs up first and migrates the new ones in name order', () => {
    expect(planUpgrade({ applied: ['0001_event_store'], known: ['accounts_0001_users', '0001_event_store', '0002_dev_mailbox'] }))
      .toEqual({ action: 'migrate', pending: ['0002_dev_mailbox', 'accounts_0001_users'], backupFirst: true });
  });

  it('given a new migration that sorts before an applied one (areas grow apart), when the server starts, then it is pending all the same', () => {
    expect(planUpgrade({ applied: ['accounts_0001_users'], known })).toMatchObject({ action: 'migrate', pending: ['0001_event_store', '0002_dev_mailbox'] });
  });

  it('given an applied migration this code does not know, when the server starts, then it refuses as database-newer naming each unknown one', () => {
    expect(planUpgrade({ applied: [...known, 'zz_0001_later', 'zz_0002_later'], known }))
      .toEqual({ action: 'refuse', reason: 'database-newer', unknown: ['zz_0001_later', 'zz_0002_later'] });
  });

  it('given an unknown applied one and pending ones too, when the server starts, then it refuses rather than migrate a database a newer version owns', () => {
    expect(planUpgrade({ applied: ['0001_event_store', 'zz_0001_later'], known })).toMatchObject({ action: 'refuse', unknown: ['zz_0001_later'] });
  });
});

describe('afterBackupFailed', () => {
  it('given MIGRATE_WITHOUT_BACKUP unset, when the backup before migrating fails, then the server does not migrate', () => {
    expect(afterBackupFailed(false)).toBe('refuse');
  });
  it('given MIGRATE_WITHOUT_BACKUP=1, when the backup before migrating fails, then it migrates anyway', () => {
    expect(afterBackupFailed(true)).toBe('migrate');
  });
});
