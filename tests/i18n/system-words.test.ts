import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ADVICE } from '../../modules/operations/index.ts';
import { parseEnv } from '../../modules/shared/config/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import { catalogues } from '../../src/i18n/index.ts';
import { wireModules } from '../../src/server/modules.ts';
import { backends, openMigrated } from '../support/databases.ts';

/** The system page (issue 35) says every item and every piece of advice in words, in both languages. */
describe('the system page in words', () => {
  it('has words for every lane, item and piece of advice the wired report can show', async () => {
    const handle = await openMigrated(backends[0]!);
    try {
      const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'w'.repeat(40) };
      const wired = wireModules({ config, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db) }, { followerPosition: () => 0 });
      const report = await wired.services.operations.report();
      const items = report.groups.flatMap((g) => g.items);
      const keys = [
        ...report.groups.map((g) => `adminPanel.system.group.${g.id}`),
        ...items.map((i) => i.id.startsWith('backlog.') ? `adminPanel.system.lane.${i.facts['lane']}` : i.id.startsWith('follower.') ? 'adminPanel.system.item.follower' : `adminPanel.system.item.${i.id}`),
        ...ADVICE.map((a) => `adminPanel.system.advice.${a}`),
        'adminPanel.system.item.backup.last', 'adminPanel.system.item.backup.verifiedRestore',
      ];
      expect(items.map((i) => i.id)).toContain('backlog.reminders');
      for (const lang of ['pl', 'en'] as const) {
        expect(keys.filter((k) => !Object.hasOwn(catalogues[lang], k)), `${lang}: without words`).toEqual([]);
      }
    } finally {
      await handle.close();
    }
  });
});
