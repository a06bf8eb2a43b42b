import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../modules/shared/config/index.ts';
import { createEventStore } from '../../modules/shared/events/index.ts';
import { catalogues } from '../../src/i18n/index.ts';
import { wireModules } from '../../src/server/modules.ts';
import { backends, openMigrated } from '../support/databases.ts';

/** The panel's background work names each kind of work in words: every outbox topic the server handles has them. */
describe('background work in words', () => {
  it('has a name in both languages for every outbox topic the server delivers', async () => {
    const handle = await openMigrated(backends[0]!);
    try {
      const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test' }), JWT_SECRET: 'w'.repeat(40) };
      const wired = wireModules({ config, log: pino({ level: 'silent' }), db: handle.db, store: createEventStore(handle.db) });
      const topics = Object.keys(wired.outboxHandlers);
      expect(topics).toContain('meeting-reminder');
      for (const lang of ['pl', 'en'] as const) {
        expect(topics.filter((t) => !Object.hasOwn(catalogues[lang], `adminPanel.work.topic.${t}`)), `${lang}: topics with no name`).toEqual([]);
      }
    } finally {
      await handle.close();
    }
  });
});
