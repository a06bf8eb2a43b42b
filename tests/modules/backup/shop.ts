// A small shop on disk for the backup tests: an embedded database under DATA_DIR/pgdata (or a fresh PostgreSQL),
// a buyer with an invoiced purchase, uploaded files and recordings' files, the JWT secret; and the shop's fingerprint.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { inject } from 'vitest';
import { ensureJwtSecret, parseEnv } from '../../../modules/shared/config/index.ts';
import { connectPglite, connectPostgres, migrateToLatest, type DatabaseHandle } from '../../../modules/shared/db/index.ts';
import { createEventStore } from '../../../modules/shared/events/index.ts';
import { wireModules } from '../../../src/server/modules.ts';
import { createPostgresDatabase } from '../../support/databases.ts';
import { company, institute, invoicingApp, NO_RECORDINGS } from '../../support/invoicing-app.ts';

export type Place = { dataDir: string; databaseUrl?: string; drop(): Promise<void> };

/** An empty DATA_DIR, and on PostgreSQL an empty database beside it. */
export async function emptyPlace(kind: 'pglite' | 'postgres'): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gestalt-backup-test-'));
  if (kind === 'pglite') return { dataDir, drop: async () => {} };
  const created = await createPostgresDatabase();
  return { dataDir, databaseUrl: created.url, drop: created.drop };
}

export async function openPlace(place: Place): Promise<DatabaseHandle> {
  if (place.databaseUrl) return connectPostgres(place.databaseUrl);
  const template = inject('pgliteTemplate');
  const pgdata = join(place.dataDir, 'pgdata');
  return connectPglite(pgdata, template && !existsPgdata(pgdata) ? { dump: new Blob([readFileSync(template)]) } : {});
}

function existsPgdata(pgdata: string) {
  try {
    return readFileSync(join(pgdata, 'PG_VERSION')).length > 0;
  } catch {
    return false;
  }
}

/** Fills the place with a shop; answers the invoice's id and its buyer. Closes the database after. */
export async function fillShop(place: Place): Promise<{ invoiceId: string; userId: string }> {
  const handle = await openPlace(place);
  try {
    await migrateToLatest(handle.db);
    const app = await invoicingApp(handle, { env: { DATA_DIR: place.dataDir } });
    await app.invoicing.saveSellerSettings(institute, 'admin-1');
    const userId = await app.buyer('ania@example.com');
    await app.buy(userId, 'ania@example.com', { invoice: company });
    await app.drain();
    const [invoice] = (await app.invoicing.invoicesOf(userId)).invoices;
    mkdirSync(join(place.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(place.dataDir, 'uploads', 'cover-picture.webp'), randomBytes(70_000));
    mkdirSync(join(place.dataDir, 'recordings', 'rec-1', 'hls', '720p'), { recursive: true });
    writeFileSync(join(place.dataDir, 'recordings', 'rec-1', 'source.mp4'), randomBytes(3 << 20));
    writeFileSync(join(place.dataDir, 'recordings', 'rec-1', 'hls', '720p', 'segment-00001.ts'), randomBytes(500_000));
    ensureJwtSecret(place.dataDir);
    return { invoiceId: invoice!.invoiceId, userId };
  } finally {
    await handle.close();
  }
}

/**
 * What makes the shop this shop: every table's rows (hashed, after its read models are rebuilt from the event log)
 * and the invoice's PDF. Closes the database after.
 */
export async function fingerprint(place: Place, invoiceId: string): Promise<{ tables: Record<string, string>; pdf: string }> {
  const handle = await openPlace(place);
  try {
    const config = { ...parseEnv({ PUBLIC_URL: 'https://gestalt.test', ...NO_RECORDINGS, DATA_DIR: place.dataDir }), JWT_SECRET: 'k'.repeat(40) };
    const store = createEventStore(handle.db);
    const wired = wireModules({ config, log: pino({ level: 'silent' }), db: handle.db, store });
    await store.rebuildProjections();
    const db = handle.db as Kysely<any>;
    const { rows: names } = await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
    const tables: Record<string, string> = {};
    for (const { table_name } of names) {
      const { rows } = await sql<{ h: string }>`select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as h
        from ${sql.table(table_name)} t`.execute(db);
      tables[table_name] = rows[0]!.h;
    }
    const { bytes } = await wired.services.invoicing.invoicePdf(invoiceId, { userId: 'admin', admin: true });
    return { tables, pdf: createHash('sha256').update(bytes).digest('hex') };
  } finally {
    await handle.close();
  }
}
