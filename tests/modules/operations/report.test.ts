import { describe, expect, it } from 'vitest';
import { createOperations, type OperationsPorts } from '../../../modules/operations/index.ts';

const now = new Date('2026-12-07T12:00:00.000Z');
const GB = 1024 ** 3;

const ports = (over: Partial<OperationsPorts> = {}): OperationsPorts => ({
  build: () => ({ version: '0.1.0', commit: 'abc1234', builtAt: '2026-12-07T10:00:00.000Z', imageBuiltAt: null }),
  migrations: async () => ({ applied: ['0001_a'], known: ['0001_a'] }),
  database: { kind: 'pglite', size: async () => 42_000_000, connections: async () => ({ pool: 1, inUse: null, max: null }) },
  outbox: async () => [
    { topic: 'mail', due: 1, failed: 0, oldestDueSince: new Date(now.getTime() - 60_000) },
    { topic: 'campaign-mail', due: 40, failed: 0, oldestDueSince: new Date(now.getTime() - 20 * 60_000) },
  ],
  lanes: [{ name: 'general', topics: null }, { name: 'campaigns', topics: ['campaign-mail'] }],
  followers: async () => [{ name: 'pages', behindBy: 0, oldestUnreadAt: null }],
  disk: async () => ({ free: 80 * GB, total: 100 * GB }),
  outside: async () => (['smtp', 'stripe', 'ksef', 's3'] as const).map((system) => ({ system, lastSuccessAt: null, lastFailureAt: null, lastFailure: null })),
  configured: { smtp: true, stripe: true, ksef: false, s3: false },
  publicUrl: { url: 'https://sklep.example.org', defaulted: false },
  clock: () => now,
  ...over,
});

describe('the system report', () => {
  it('given one lane whose work waits too long, when it is asked for, then that lane alone needs attention and so does the report', async () => {
    const report = await createOperations(ports()).report();
    expect(report.status).toBe('attention');
    expect(report.groups.map((g) => g.id)).toEqual(['version', 'database', 'work', 'backup', 'outside', 'host']);
    const work = report.groups.find((g) => g.id === 'work')!.items;
    expect(work.map((i) => [i.id, i.status, i.advice])).toEqual([
      ['backlog.general', 'ok', null], ['backlog.campaigns', 'attention', 'backlog-old'], ['follower.pages', 'ok', null],
    ]);
  });

  it('given no backup port (modules/backup not wired yet), then the backup group is there and empty', async () => {
    const report = await createOperations(ports()).report();
    expect(report.groups.find((g) => g.id === 'backup')!.items).toEqual([]);
  });

  it('given a backup port, then its facts are judged', async () => {
    const report = await createOperations(ports({ backup: async () => ({ lastBackupAt: now, lastVerifiedRestoreAt: null }) })).report();
    expect(report.groups.find((g) => g.id === 'backup')!.items.map((i) => [i.id, i.status])).toEqual([['backup.last', 'ok'], ['backup.verifiedRestore', 'attention']]);
  });

  it('given a port that fails, then its item says it could not be checked, the rest is there, and the failure is heard', async () => {
    const heard: string[] = [];
    const report = await createOperations(ports({ disk: async () => { throw new Error('statfs failed'); } }), { onError: (_, id) => heard.push(id) }).report();
    expect(report.groups.find((g) => g.id === 'host')!.items.map((i) => [i.id, i.status, i.advice])).toEqual([['disk', 'attention', 'check-failed'], ['publicUrl', 'ok', null]]);
    expect(heard).toEqual(['disk']);
  });

  it('given everything well, then the report is ok', async () => {
    const report = await createOperations(ports({ outbox: async () => [] })).report();
    expect(report.status).toBe('ok');
  });
});
