import { readdir, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Lane, OperationsPorts } from '../../modules/operations/index.ts';
import { s3SettingsOf } from '../../modules/recordings/index.ts';
import { appliedMigrations, knownMigrations, POSTGRES_POOL_SIZE } from '../../modules/shared/db/index.ts';
import type { ModuleContext } from '../../modules/shared/kernel/index.ts';
import { outboxOverview } from '../../modules/shared/outbox/index.ts';
import { outsideStatuses } from '../../modules/shared/outside/index.ts';
import { readBuildInfo } from './build-info.ts';

/** Bytes of every file under `dir` (PGlite's data directory: one folder of a few thousand files). */
async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(entries.filter((e) => e.isFile())
    .map((e) => stat(join(e.parentPath, e.name)).then((s) => s.size, () => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * What the system page (modules/operations) reads, from the shared infrastructure and the configuration: the
 * composition root hands in the outbox's lanes and where the event log's follower has got to.
 */
export function systemPorts(ctx: ModuleContext, wiring: { lanes: readonly Lane[]; followerPosition?: () => number; backup?: OperationsPorts['backup'] }): OperationsPorts {
  const { config, db, store } = ctx;
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const outbox = outboxOverview(db);
  return {
    build: () => readBuildInfo(config.IMAGE_BUILT_AT),
    async migrations() {
      // In the order they ran: the last is the latest applied (areas' names do not sort by time).
      return { applied: await appliedMigrations(db), known: Object.keys(knownMigrations) };
    },
    database: {
      kind,
      async size() {
        if (kind === 'pglite') return folderBytes(join(config.DATA_DIR, 'pgdata'));
        const { rows } = await sql<{ bytes: number | string }>`select pg_database_size(current_database()) as bytes`.execute(db);
        return Number(rows[0]?.bytes ?? 0);
      },
      async connections() {
        if (kind === 'pglite') return { pool: 1, inUse: null, max: null };
        const { rows } = await sql<{ in_use: number; max: number }>`
          select (select count(*) from pg_stat_activity where backend_type = 'client backend')::int as in_use,
                 current_setting('max_connections')::int as max`.execute(db);
        return { pool: POSTGRES_POOL_SIZE, inUse: rows[0]?.in_use ?? null, max: rows[0]?.max ?? null };
      },
    },
    outbox: () => outbox.backlog(),
    lanes: wiring.lanes,
    async followers() {
      const position = wiring.followerPosition?.();
      if (position === undefined) return [];
      const [last, [next]] = await Promise.all([store.lastPosition(), store.readAll(position, 1)]);
      return [{ name: 'cache', behindBy: Math.max(0, last - position), oldestUnreadAt: next?.recordedAt ?? null }];
    },
    async disk() {
      const fs = await statfs(config.DATA_DIR);
      return { free: fs.bavail * fs.bsize, total: fs.blocks * fs.bsize };
    },
    outside: () => outsideStatuses(db),
    configured: { smtp: !!config.SMTP_URL, stripe: !!config.STRIPE_SECRET_KEY, ksef: !!config.KSEF_URL, s3: s3SettingsOf(config) !== null },
    publicUrl: { url: config.PUBLIC_URL, defaulted: config.PUBLIC_URL_DEFAULTED },
    ...(wiring.backup ? { backup: wiring.backup } : {}),
  };
}
