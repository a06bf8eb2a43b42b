// Makes dist/server/pgdata-template: an empty PGlite data directory (what initdb leaves), made at build time.
// A first start on an empty DATA_DIR copies it instead of running initdb in the server (see connectPglite).
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const TEMPLATE = join(root, 'dist', 'server', 'pgdata-template');

export async function makeDatabaseTemplate(target = TEMPLATE) {
  const { PGlite } = await import('@electric-sql/pglite');
  // Made beside the target and renamed into place: a build cut short never leaves half a template.
  const work = mkdtempSync(join(dirname(target), '.pgdata-template-'));
  const dataDir = join(work, 'pgdata');
  const pglite = await PGlite.create({ dataDir });
  await pglite.close();
  rmSync(target, { recursive: true, force: true });
  renameSync(dataDir, target);
  rmSync(work, { recursive: true, force: true });
  return existsSync(join(target, 'PG_VERSION'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!(await makeDatabaseTemplate())) process.exit(1);
  console.log(`Made the empty database template (${TEMPLATE}).`);
}
